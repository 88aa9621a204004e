/** The small shared pieces pages are built from: labelled fields, errors, times, copy, states. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from './http';

let nextId = 0;
/** A stable id for a label's `for` and an error's `aria-describedby`. */
export function useId(prefix: string): string {
  const id = useRef<string | null>(null);
  id.current ??= `${prefix}-${(nextId += 1)}`;
  return id.current;
}

const under = (param: string, field: string) => param === field || param.startsWith(`${field}[`) || param.startsWith(`${field}.`);

/**
 * What `error` says of the field `param` names (or of an item under it): a problem the form found
 * (`details`), else the API's refusal, whose message leads with the param ("body.name is
 * required."), said of "This" so no field path reaches the page.
 */
function problemAt(error: ApiError | undefined, param: string): string | undefined {
  if (!error) return undefined;
  const detail = error.details?.find((d) => under(d.param, param));
  if (detail) return detail.message;
  if (error.param === undefined || !under(error.param, param)) return undefined;
  return saidOfThis(error.message, error.param);
}

/** The API's "body.x must be…" as "This must be…": what is wrong, without the field's path. */
export const saidOfThis = (message: string, param: string) => (message.startsWith(`${param} `) ? `This ${message.slice(param.length + 1)}` : message);

/** A checkbox with its label beside it and a hint under it, in the form's field layout. */
export function CheckField(props: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint: ComponentChildren }) {
  const id = useId('check');
  return (
    <div class="field">
      <label class="check">
        <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.currentTarget.checked)} aria-describedby={`${id}-hint`} />{' '}
        {props.label}
      </label>
      <small id={`${id}-hint`}>{props.hint}</small>
    </div>
  );
}

/**
 * A labelled field showing its problem from `error` (see problemAt). The child control gets the id
 * and aria attributes from `control`.
 */
export function Field(props: {
  label: string;
  param: string;
  error?: ApiError;
  hint?: ComponentChildren;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ComponentChildren;
}) {
  const id = useId('field');
  const problem = problemAt(props.error, props.param);
  const own = problem !== undefined;
  const described = [props.hint && `${id}-hint`, own && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${own ? ' invalid' : ''}`}>
      <label for={id}>{props.label}</label>
      {props.children({ id, 'aria-invalid': own, 'aria-describedby': described })}
      {props.hint && <small id={`${id}-hint`}>{props.hint}</small>}
      {own && (
        <p class="field-error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * A form's error: when fields of `params` show it, a line saying so, and focus moves to the first
 * of them (on a long form it may be off-screen); else the envelope's message with its request id,
 * scrolled into view.
 */
export function FormError(props: { error?: ApiError; params?: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const error = props.error;
  const params = props.params ?? [];
  const shown = !!error && params.some((p) => (error.param !== undefined && under(error.param, p)) || !!error.details?.some((d) => under(d.param, p)));
  useEffect(() => {
    if (!error) return;
    const invalid = ref.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (shown && invalid) invalid.focus();
    else ref.current?.scrollIntoView({ block: 'nearest' });
  }, [error, shown]);
  if (!error) return null;
  return (
    <div ref={ref}>
      {shown ? (
        <p class="form-error" role="alert">
          {error.details?.length ? error.message : 'Please correct the field marked below.'}
        </p>
      ) : (
        <ErrorNote error={error} />
      )}
    </div>
  );
}

export function ErrorNote(props: { error: ApiError }) {
  return (
    <p class="form-error" role="alert">
      {props.error.message}
      {props.error.requestId && <span class="muted"> (request {props.error.requestId})</span>}
    </p>
  );
}

/**
 * What a GET gave: its error, "Loading…", the `empty` text for an empty list, else `children`
 * with the data.
 */
export function Loaded<T>(props: {
  state: { data: T | undefined; error: ApiError | undefined };
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ComponentChildren;
}) {
  const { data, error } = props.state;
  if (error && data === undefined) return <ErrorNote error={error} />;
  if (data === undefined) return <Loading />;
  if (props.empty && props.isEmpty?.(data)) return <p class="muted">{props.empty}</p>;
  return <>{props.children(data)}</>;
}

export const Loading = () => (
  <p class="muted" role="status">
    Loading…
  </p>
);

/** True until the first page has shown: a page opened by loading the app keeps focus at the top, for the skip link. */
let firstPage = true;

/** A page's heading, focused when navigation opens the page, so screen readers announce it. */
export function PageTitle(props: { children: ComponentChildren; actions?: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstPage) ref.current?.focus();
    firstPage = false;
  }, []);
  return (
    <div class="page-title">
      <h1 tabIndex={-1} ref={ref}>
        {props.children}
      </h1>
      {props.actions && <div class="actions">{props.actions}</div>}
    </div>
  );
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** A timestamp as "3 minutes ago", the exact time in its tooltip and datetime. */
export function Time(props: { at: string | null | undefined; never?: string }) {
  if (!props.at) return <span class="muted">{props.never ?? '—'}</span>;
  const seconds = (new Date(props.at).getTime() - Date.now()) / 1000;
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? UNITS[3]!;
  return (
    <time dateTime={props.at} title={new Date(props.at).toLocaleString()}>
      {relative.format(Math.round(seconds / size), unit)}
    </time>
  );
}

export function CopyButton(props: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(props.text);
    setCopied(true);
  };
  return (
    <button type="button" onClick={() => void copy()} aria-label={props.label}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** A form's row of buttons: its primary submit, then `children` (cancel, delete). */
export function FormActions(props: { submitLabel: string; busy: boolean; children?: ComponentChildren }) {
  return (
    <div class="actions">
      <button type="submit" class="primary" disabled={props.busy}>
        {props.submitLabel}
      </button>
      {props.children}
    </div>
  );
}

/**
 * An action nobody can take back (delete, cancel, hang up, revoke), asked twice: its button shows
 * `confirm`, which acts, and `keep`, which leaves things as they were. A slip of the mouse does
 * nothing.
 */
export function ConfirmButton(props: {
  label: string;
  confirm: string;
  keep: string;
  busy: boolean;
  onConfirm: () => void;
  /** What the action does, shown beside the confirmation. */
  consequence?: string;
  ariaLabel?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  // The button pressed is replaced: the focus goes to what replaces it, Keep it first, so that a
  // second Enter leaves things as they were.
  useEffect(() => {
    if (toggled.current) (confirming ? keep : ask).current?.focus();
  }, [confirming]);
  const toggle = (value: boolean) => {
    toggled.current = true;
    setConfirming(value);
  };
  if (!confirming)
    return (
      <button ref={ask} type="button" class="danger" onClick={() => toggle(true)} aria-label={props.ariaLabel}>
        {props.label}
      </button>
    );
  return (
    <span class="actions" role="group" aria-label={props.confirm}>
      {props.consequence && <span>{props.consequence}</span>}
      <button type="button" class="danger" disabled={props.busy} onClick={props.onConfirm}>
        {props.confirm}
      </button>
      <button ref={keep} type="button" onClick={() => toggle(false)}>
        {props.keep}
      </button>
    </span>
  );
}

export const Badge = (props: { tone?: 'ok' | 'warn' | 'bad' | 'info'; children: ComponentChildren }) => (
  <span class={`badge ${props.tone ?? 'info'}`}>{props.children}</span>
);

export const minutes = (value: number) => `${Math.round(value * 10) / 10} min`;

/**
 * A table with a header row, scrolling sideways on its own when it cannot fit; on a phone each row
 * is a card whose cells carry their column's title (data-label, set here for the rows pages give).
 */
export function Table(props: { headers: string[]; children: ComponentChildren }) {
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    for (const row of Array.from(body.current?.rows ?? [])) {
      Array.from(row.cells).forEach((cell, i) => cell.tagName === 'TD' && props.headers[i] && cell.setAttribute('data-label', props.headers[i]!));
    }
  });
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {props.headers.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>{props.children}</tbody>
      </table>
    </div>
  );
}

/** A select of fixed options (their value is their label unless given as [value, label]). */
export function Choice<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: readonly (T | [T, string])[];
  control?: object;
  label?: string;
}) {
  return (
    <select {...props.control} aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as T)}>
      {props.options.map((o) => {
        const [value, label] = Array.isArray(o) ? o : [o, o];
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  );
}
