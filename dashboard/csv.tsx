/**
 * A CSV file's import, read in the browser with papaparse: its header row names the columns, each
 * later row becomes one JSON row of the import, and the API checks them all. A refusal's
 * `error.details` (every bad row, `body.recipients[12].phoneNumber`) is shown with each row's
 * line in the file, found from the row number.
 */
import Papa from 'papaparse';
import { useState } from 'preact/hooks';
import { useSubmit } from './hooks';
import { asE164, defaultCountry } from './phone';
import { ApiError } from './http';
import { FormError, saidOfThis, useId } from './ui';

/**
 * Text a partner's API client wrote (a contact's name, a reference), made safe for a spreadsheet:
 * one that starts like a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, a tab or a return) is kept as
 * text by a leading apostrophe, as OWASP's CSV-injection advice has it, instead of being run by
 * whoever opens the export.
 */
export const asSpreadsheetText = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export interface CsvRow {
  /** The row's line in the file, from 1 (the header). */
  line: number;
  /** The row's cells by column name (`columnName`). */
  cells: Record<string, string>;
}

const newlines = (text: string) => text.split('\n').length - 1;

/** An attribute's or a variable's name, as the API's schema allows it. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const squashed = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const allCaps = (word: string) => word.length > 1 && word === word.toUpperCase();

/**
 * The name a column goes by in the import, from its header as people write it in a spreadsheet:
 * one of `fields` written with any case, spaces or punctuation ("Phone number", "phone_number"),
 * else the header itself when the API takes it as a name, else its words in camelCase ("First
 * Name", "first-name": `firstName`, as an agent's `{{firstName}}` reads it). A header still no name
 * ("Prénom") is kept, for the API's refusal to name.
 */
export function columnName(header: string, fields: string[]): string {
  const field = fields.find((f) => squashed(f) === squashed(header));
  if (field) return field;
  if (NAME.test(header)) return header;
  const words = header.split(/[\s.\-/]+/).filter(Boolean);
  const camel = words
    .map((word, i) => {
      const rest = allCaps(word) ? word.slice(1).toLowerCase() : word.slice(1);
      return (i === 0 ? word[0]!.toLowerCase() : word[0]!.toUpperCase()) + rest;
    })
    .join('');
  return NAME.test(camel) ? camel : header;
}

/**
 * The rows of a CSV text with their line numbers; blank lines are skipped, quoted line breaks
 * counted. `headers` gives each column's header in the file by its name.
 */
export function parseCsv(text: string, fields: string[]): { rows: CsvRow[]; headers: Record<string, string>; error?: string } {
  const rows: CsvRow[] = [];
  const headers: Record<string, string> = {};
  let header: string[] | undefined;
  let counted = 0;
  let line = 1;
  let error: string | undefined;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      const end = result.meta.cursor;
      const cells = result.data;
      // The row starts after the blank lines before it; a quoted line break inside it counts for the next row.
      const before = text.slice(counted, end);
      const rowStart = line + newlines(/^\s*/.exec(before)![0]);
      line += newlines(before);
      counted = end;
      if (result.errors[0] && !error) error = `Line ${rowStart}: ${result.errors[0].message}`;
      if (!header) {
        header = cells.map((c) => columnName(c.trim(), fields));
        header.forEach((name, i) => {
          // Columns with no header (a spreadsheet's trailing commas) stay nameless, as an empty cell is left out.
          if (name === '') return;
          if (headers[name] !== undefined && !error) error = `Line ${rowStart}: the columns “${headers[name]}” and “${cells[i]!.trim()}” are both ${name}.`;
          headers[name] ??= cells[i]!.trim();
        });
      } else rows.push({ line: rowStart, cells: Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])) });
    },
  });
  if (!header) return { rows, headers, error: 'The file is empty: it needs a header row and a row per entry.' };
  return { rows, headers, error };
}

/**
 * The index and the file's column of `body.<field>[12].phoneNumber` (a variable or an attribute,
 * `variables.firstName`, is its own column, `firstName`).
 */
function rowOf(param: string, field: string): { index: number; column: string } | undefined {
  const found = new RegExp(`^body\\.${field}\\[(\\d+)\\]\\.?(.*)$`).exec(param);
  return found ? { index: Number(found[1]), column: found[2]?.split('.').pop() || '(the row)' } : undefined;
}

/**
 * A file input and an Import button: `toBody` turns the rows into the import's body, `send`
 * posts it. A 400 with details lists each bad row by its line.
 */
export function CsvImport(props: {
  label: string;
  hint: string;
  field: string;
  /** The row's own fields, as the API names them; every other column is named by `columnName`. */
  fields: string[];
  toRow: (cells: Record<string, string>) => unknown;
  send: (rows: unknown[]) => Promise<void>;
}) {
  const id = useId('csv');
  const [file, setFile] = useState<File>();
  const [parseError, setParseError] = useState<string>();
  const [lines, setLines] = useState<number[]>([]);
  const [headers, setHeaders] = useState<Record<string, string>>({});
  const { submit, error, busy } = useSubmit(async () => {
    setParseError(undefined);
    if (!file) throw new ApiError(0, 'CLIENT', 'Choose a CSV file first.');
    const { rows, headers: named, error: bad } = parseCsv(await file.text(), props.fields);
    if (bad) return setParseError(bad);
    setLines(rows.map((r) => r.line));
    setHeaders(named);
    const country = await defaultCountry();
    // A number written as people write it ("020 7946 0001") is read with the organization's country.
    await props.send(rows.map((r) => props.toRow(r.cells.phoneNumber ? { ...r.cells, phoneNumber: asE164(r.cells.phoneNumber, country) } : r.cells)));
  });
  const details = error?.details ?? [];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div class="field">
        <label for={id}>{props.label}</label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0])}
        />
        <small id={`${id}-hint`}>{props.hint}</small>
      </div>
      {parseError && (
        <p class="form-error" role="alert">
          {parseError}
        </p>
      )}
      {details.length > 0 ? (
        <div role="alert">
          <p class="form-error">
            Nothing was imported: {details.length === 100 ? 'at least 100 rows are' : details.length === 1 ? '1 row is' : `${details.length} rows are`} not
            valid. Correct the file and import it again.
          </p>
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">Rows refused</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {details.map((d) => {
                  const at = rowOf(d.param, props.field);
                  return (
                    <tr key={d.param}>
                      <td>{at ? lines[at.index] : '—'}</td>
                      <td>
                        <code>{at ? (headers[at.column] ?? at.column) : '—'}</code>
                      </td>
                      <td>{saidOfThis(d.message, d.param)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <FormError error={error} />
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </form>
  );
}
