import { currentSession } from './session';
import type { ApiError } from './http';

/**
 * Checkboxes for the permissions the signed-in user holds (all one may grant to a user or a key),
 * the API's error for `param` under them.
 */
export function PermissionPicker(props: {
  legend: string;
  param: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: ApiError;
  hint?: string;
}) {
  const held = currentSession()!.user.permissions;
  const offered = [...held, ...props.value.filter((p) => !held.includes(p))];
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.hint && <small class="muted">{props.hint}</small>}
      {offered.map((permission) => (
        <label class="check" key={permission}>
          <input
            type="checkbox"
            checked={props.value.includes(permission)}
            onChange={(e) => props.onChange(e.currentTarget.checked ? [...props.value, permission] : props.value.filter((p) => p !== permission))}
          />{' '}
          {permission}
        </label>
      ))}
      {props.error?.param?.startsWith(props.param) && <p class="field-error">{props.error.message}</p>}
    </fieldset>
  );
}
