/**
 * Our FerretDB build matches an equality filter on a string or ObjectId field on PostgreSQL as
 * `_jsonb->'field' = $n`, so that FerretDB's index on the field serves it (scripts/tools.sh,
 * ferretdb_patch). MongoDB would also match a document whose field is an array holding the value;
 * that build does not. So the models' array fields are listed here: one added fails this test
 * until whoever adds it has checked that no query filters it by equality, and no index is on one.
 * (Dotted paths into a `Mixed` field, such as an agent's `phone.*`, are pushed down as before.)
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';

const MODELS = path.join(__dirname, '../../models');
for (const file of readdirSync(MODELS).filter((f) => f.endsWith('.ts'))) require(path.join(MODELS, file));

/** Every array field of every model; none is filtered by equality. */
const ARRAY_FIELDS = [
  'AnalyticsDay.pending',
  'ApiKey.allowedOrigins',
  'ApiKey.scopes',
  'CallReport.toolCalls',
  'EmbedToken.allowedOrigins',
  'InterviewReport.concerns',
  'InterviewReport.evaluations',
  'InterviewReport.strengths',
  'InterviewReport.toolCalls',
  'Organization.allowedCountries',
  'User.permissions',
];

const models = () => mongoose.modelNames().map((name) => mongoose.model(name));

test('the models hold arrays in these fields only', () => {
  const arrays = models().flatMap((model) =>
    Object.entries(model.schema.paths)
      .filter(([, type]) => type.instance === 'Array' || type.instance === 'DocumentArray')
      .map(([field]) => `${model.modelName}.${field}`),
  );
  expect(arrays.sort()).toEqual(ARRAY_FIELDS);
});

test('no index is on an array field', () => {
  const indexed = models().flatMap((model) => model.schema.indexes().flatMap(([keys]) => Object.keys(keys).map((field) => `${model.modelName}.${field}`)));
  expect(indexed.length).toBeGreaterThan(10);
  expect(indexed.filter((field) => ARRAY_FIELDS.includes(field))).toEqual([]);
});
