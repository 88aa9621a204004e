/** The request bodies' validators that scripts/buildDashboard.ts compiles from the API's route table. */
declare module 'api-schemas' {
  export interface SchemaError {
    keyword: string;
    instancePath: string;
    params: Record<string, unknown>;
  }
  export type Validator = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };
  export const createAgent: Validator;
  export const updateAgent: Validator;
  export const placeCall: Validator;
  export const createApiKey: Validator;
  export const createInterview: Validator;
  export const createCampaign: Validator;
  export const updateCampaign: Validator;
}
