/**
 * Users and their permissions (admins): add a user, change role, permissions and status, end a
 * user's sessions. Who may do what (the founder, oneself, granting only held permissions) is the
 * API's rule; its refusals show next to the field.
 */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, patch, post, type Page } from '../http';
import { PermissionPicker } from '../permissions';
import type { ApiKey, User } from '../types';
import { Badge, Choice, Field, FormError, Loaded, PageTitle, Table, Time } from '../ui';
import { Rotation, keyStatus } from '../parts/KeyRotation';

/**
 * Before a deactivation: the API keys of the user that will stop (they hold no permissions while
 * their creator is deactivated), each with the guided rotation to a key of the admin's own first.
 */
function KeysThatStop(props: { user: User }) {
  const keys = useGet<Page<ApiKey>>(`/api-keys?createdBy=${props.user.id}&limit=100`);
  const [rotating, setRotating] = useState<ApiKey>();
  return (
    <Loaded state={keys}>
      {(page) => {
        const stopping = page.data.filter((key) => keyStatus(key).label === 'active');
        if (stopping.length === 0) return <p class="muted">No API key of theirs is active: deactivating stops none.</p>;
        return (
          <div role="alert" data-testid="deactivation-warning">
            <p>
              <Badge tone="warn">Warning</Badge> Deactivating stops {stopping.length === 1 ? 'the API key' : `the ${stopping.length} API keys`} they created:
              requests with {stopping.length === 1 ? 'it' : 'them'} are refused (403) until they are reactivated. Rotate each to a key of yours first:
            </p>
            <ul>
              {stopping.map((key) => (
                <li key={key.id}>
                  “{key.name}” (…{key.last4}), last used <Time at={key.lastUsedAt} never="never" />{' '}
                  <button type="button" onClick={() => setRotating(key)} aria-label={`Rotate ${key.name} first`}>
                    Rotate first
                  </button>
                </li>
              ))}
            </ul>
            {rotating && <Rotation key={rotating.id} old={rotating} onChanged={() => void keys.reload()} onClose={() => setRotating(undefined)} />}
          </div>
        );
      }}
    </Loaded>
  );
}

function EditUser(props: { user: User; onSaved: () => void; onCancel: () => void }) {
  const [role, setRole] = useState(props.user.role);
  const [permissions, setPermissions] = useState(props.user.permissions);
  const [status, setStatus] = useState(props.user.status);
  const save = useSubmit(async () => {
    await patch(`/dashboard/users/${props.user.id}`, { role, permissions, status });
    props.onSaved();
  });
  const endSessions = useSubmit(async () => del(`/dashboard/users/${props.user.id}/sessions`));
  return (
    <form
      class="card"
      aria-label={`Edit ${props.user.email}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save.submit();
      }}
    >
      <h2>{props.user.email}</h2>
      <FormError error={save.error} params={['body.role', 'body.permissions', 'body.status']} />
      <Field label="Role" param="body.role" error={save.error}>
        {(c) => <Choice control={c} value={role} onChange={setRole} options={['member', 'admin'] as const} />}
      </Field>
      <PermissionPicker legend="Permissions" param="body.permissions" value={permissions} onChange={setPermissions} error={save.error} />
      <Field
        label="Status"
        param="body.status"
        error={save.error}
        hint="A deactivated user cannot sign in, and the API keys they created are refused until they are reactivated."
      >
        {(c) => <Choice control={c} value={status} onChange={setStatus} options={['active', 'deactivated'] as const} />}
      </Field>
      {status === 'deactivated' && props.user.status === 'active' && <KeysThatStop user={props.user} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={save.busy}>
          Save
        </button>
        <button type="button" onClick={() => void endSessions.submit()} disabled={endSessions.busy}>
          Sign them out everywhere
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      <FormError error={endSessions.error} />
    </form>
  );
}

function AddUser(props: { onAdded: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<User['role']>('member');
  const [permissions, setPermissions] = useState<string[]>([]);
  const { submit, error, busy } = useSubmit(async () => {
    // No permission ticked: the API's default for the role.
    await post('/dashboard/users', { email, password, role, ...(permissions.length ? { permissions } : {}) });
    setEmail('');
    setPassword('');
    props.onAdded();
  });
  return (
    <section class="card" aria-labelledby="add-user-title">
      <h2 id="add-user-title">Add a user</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={error} params={['body.email', 'body.password', 'body.role', 'body.permissions']} />
        <Field label="Email" param="body.email" error={error}>
          {(c) => <input {...c} type="email" autoComplete="off" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />}
        </Field>
        <Field label="Initial password" param="body.password" error={error} hint="Give it to them yourself.">
          {(c) => <input {...c} type="password" autoComplete="new-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} />}
        </Field>
        <Field label="Role" param="body.role" error={error}>
          {(c) => <Choice control={c} value={role} onChange={setRole} options={['member', 'admin'] as const} />}
        </Field>
        <PermissionPicker
          legend="Permissions"
          param="body.permissions"
          value={permissions}
          onChange={setPermissions}
          error={error}
          hint="None ticked: the role's default (everything you hold for an admin; read access for a member)."
        />
        <button type="submit" class="primary" disabled={busy}>
          Add user
        </button>
      </form>
    </section>
  );
}

export function Users() {
  const users = useGet<Page<User>>('/dashboard/users?limit=100');
  const [editing, setEditing] = useState<User>();
  return (
    <>
      <PageTitle>Users and permissions</PageTitle>
      {editing && (
        <EditUser
          key={editing.id}
          user={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void users.reload();
          }}
        />
      )}
      <section class="card" aria-labelledby="users-title">
        <h2 id="users-title">Users</h2>
        <Loaded state={users}>
          {(page) => (
            <Table headers={['Email', 'Role', 'Permissions', 'Status', 'Added', 'Actions']}>
              {page.data.map((user) => (
                <tr key={user.id}>
                  <th scope="row">{user.email}</th>
                  <td>
                    {user.role}
                    {user.founder && ' · founder'}
                  </td>
                  <td>
                    <span class="tags">
                      {user.permissions.map((p) => (
                        <Badge key={p}>{p}</Badge>
                      ))}
                    </span>
                  </td>
                  <td>
                    <Badge tone={user.status === 'active' ? 'ok' : 'warn'}>{user.status}</Badge>
                  </td>
                  <td>
                    <Time at={user.createdAt} />
                  </td>
                  <td>
                    <button type="button" onClick={() => setEditing(user)} aria-label={`Edit ${user.email}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Loaded>
      </section>
      <AddUser onAdded={() => void users.reload()} />
    </>
  );
}
