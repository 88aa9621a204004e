/** What the list pages share: a filter select, a table of rows by columns, the pager, an agent picker. */
import type { ComponentChildren } from 'preact';
import { useGet } from './hooks';
import type { ApiError, Page } from './http';
import { Loaded, useId } from './ui';

/** A select whose empty value, "Any", sets no filter; `options` are values or [value, label]. */
export function FilterSelect(props: { label: string; value: string; options: Array<string | [string, string]>; onChange: (value: string) => void }) {
  const id = useId('filter');
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">Any</option>
        {props.options.map((o) => {
          const [value, label] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </div>
  );
}

export type Column<T> = [title: string, cell: (row: T) => ComponentChildren];

/** A list's page as a table, one row per item, and its pager; its loading and error states, or `empty` for no items. */
export function ListTable<T>(props: {
  state: { data: Page<T> | undefined; error: ApiError | undefined };
  empty: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  pageNumber: number;
  onPage: (page: number) => void;
}) {
  return (
    <Loaded state={props.state} empty={props.empty} isEmpty={(page) => page.data.length === 0}>
      {(page) => <Rows {...props} page={page} />}
    </Loaded>
  );
}

function Rows<T>(props: { page: Page<T>; columns: Column<T>[]; rowKey: (row: T) => string | number; pageNumber: number; onPage: (page: number) => void }) {
  return (
    <>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              {props.columns.map(([title]) => (
                <th scope="col" key={title}>
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.page.data.map((row) => (
              <tr key={props.rowKey(row)}>
                {props.columns.map(([title, cell]) => (
                  <td key={title} data-label={title}>
                    {cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={props.pageNumber} hasMore={props.page.pagination.hasMore} onPage={props.onPage} />
    </>
  );
}

function Pager(props: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  if (props.page === 1 && !props.hasMore) return null;
  return (
    <nav class="actions pager" aria-label="Pages">
      <button type="button" disabled={props.page === 1} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </button>
      <span class="muted">Page {props.page}</span>
      <button type="button" disabled={!props.hasMore} onClick={() => props.onPage(props.page + 1)}>
        Next
      </button>
    </nav>
  );
}

export interface AgentSummary {
  id: string;
  name: string;
}

/** The organization's agents of a type (GET /agents lists one type at a time), the first hundred. */
export const useAgents = (type: 'phone' | 'voice') => useGet<Page<AgentSummary>>(`/agents?type=${type}&limit=100`).data?.data ?? [];

/** `<option>`s of agents, after a "Choose an agent" one. */
export const AgentOptions = (props: { agents: AgentSummary[] }) => (
  <>
    <option value="">Choose an agent</option>
    {props.agents.map((a) => (
      <option key={a.id} value={a.id}>
        {a.name}
      </option>
    ))}
  </>
);
