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

export interface CsvRow {
  /** The row's line in the file, from 1 (the header). */
  line: number;
  cells: Record<string, string>;
}

const newlines = (text: string) => text.split('\n').length - 1;

/** The rows of a CSV text with their line numbers; blank lines are skipped, quoted line breaks counted. */
export function parseCsv(text: string): { rows: CsvRow[]; error?: string } {
  const rows: CsvRow[] = [];
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
      if (!header) header = cells.map((c) => c.trim());
      else rows.push({ line: rowStart, cells: Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])) });
    },
  });
  if (!header) return { rows, error: 'The file is empty: it needs a header row and a row per entry.' };
  return { rows, error };
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
  toRow: (cells: Record<string, string>) => unknown;
  send: (rows: unknown[]) => Promise<void>;
}) {
  const id = useId('csv');
  const [file, setFile] = useState<File>();
  const [parseError, setParseError] = useState<string>();
  const [lines, setLines] = useState<number[]>([]);
  const { submit, error, busy } = useSubmit(async () => {
    setParseError(undefined);
    if (!file) throw new ApiError(0, 'CLIENT', 'Choose a CSV file first.');
    const { rows, error: bad } = parseCsv(await file.text());
    if (bad) return setParseError(bad);
    setLines(rows.map((r) => r.line));
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
                        <code>{at?.column ?? '—'}</code>
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
