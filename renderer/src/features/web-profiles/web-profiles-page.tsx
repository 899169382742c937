import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { WebProfile } from '../../../../shared/api/web-profiles/schemas';
import { callApi, newRequestId } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { bodyOf, EMPTY_FORM, formOf, formProblems, type ProfileForm } from './profile-form-model';
import { ProfilePreview } from './profile-preview';
import { listProfiles, profilePath, PROFILES_PATH } from './web-profiles-api';
import { TwoColumns } from '../../components/two-columns';
import { SelectField } from '../../components/select-field';
import { ListTable } from '../../components/list-table';

/**
 * Web experience profiles (spec 2.17, 4.12): the merchant's latest 20 as the API lists them, a form to
 * create or replace one (PUT: what the form leaves empty is forgotten), delete, and a live preview of
 * the buyer page a payment naming the profile gets.
 */
export function WebProfilesPage() {
  const profiles = useQuery({ queryKey: queryKeys.webProfiles.list, queryFn: listProfiles });
  // undefined: the create form; a profile: its edit form.
  const [editing, setEditing] = useState<WebProfile | undefined>();
  const [formKey, setFormKey] = useState(0);
  const startNew = () => {
    setEditing(undefined);
    setFormKey((k) => k + 1);
  };
  return (
    <Stack spacing={2} data-testid="web-profiles-page">
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Web experience profiles
        </Typography>
        <Button variant="outlined" onClick={startNew} data-testid="web-profile-new">
          New profile
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        A payment that names a profile (<code>experience_profile_id</code>) gets its brand name, logo, landing
        page and shipping options on the buyer page. Temporary profiles vanish three hours (simulated) after
        they are made; the list shows the latest 20, as <code>GET {PROFILES_PATH}</code> does.
      </Typography>
      <Paper>
        <ListTable
          query={profiles}
          empty={(profiles.data ?? []).length === 0}
          emptyText="No profiles yet: create one below, in the console or with an SDK."
          columns={['Name', 'Id', 'Brand', 'Landing page', 'Lifetime', '']}
          testId="web-profiles-table"
        >
          {(profiles.data ?? []).map((profile) => (
            <ProfileRow
              key={profile.id}
              profile={profile}
              selected={editing?.id === profile.id}
              onEdit={() => {
                setEditing(profile);
                setFormKey((k) => k + 1);
              }}
              onDeleted={() => {
                if (editing?.id === profile.id) startNew();
              }}
            />
          ))}
        </ListTable>
      </Paper>
      <ProfileEditor key={formKey} profile={editing} onSaved={startNew} />
    </Stack>
  );
}

function ProfileRow({
  profile,
  selected,
  onEdit,
  onDeleted,
}: {
  profile: WebProfile;
  selected: boolean;
  onEdit(): void;
  onDeleted(): void;
}) {
  const notify = useUi((s) => s.notify);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => callApi({ method: 'DELETE', path: profilePath(profile.id) }),
    onSuccess: () => {
      notify(`Deleted ${profile.name}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onDeleted();
    },
    onError: (error) => notify((error as Error).message, 'error'),
  });
  return (
    <TableRow
      hover
      selected={selected}
      data-testid={`web-profile-row-${profile.id}`}
      data-name={profile.name}
    >
      <TableCell sx={{ fontWeight: 600 }}>{profile.name}</TableCell>
      <TableCell sx={{ fontFamily: MONO, fontSize: 12.5 }}>{profile.id}</TableCell>
      <TableCell>{profile.presentation?.brand_name ?? '—'}</TableCell>
      <TableCell>{profile.flow_config?.landing_page_type ?? '—'}</TableCell>
      <TableCell>{profile.temporary ? 'temporary (3 h)' : 'permanent'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button size="small" onClick={onEdit} data-testid={`web-profile-edit-${profile.id}`}>
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid={`web-profile-delete-${profile.id}`}
        >
          Delete
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The form's members chosen from a list, each option as its value and what it means. */
type ChoiceKey = 'landing_page_type' | 'user_action' | 'no_shipping' | 'address_override';

/** The create or edit form beside the live preview. */
function ProfileEditor({ profile, onSaved }: { profile: WebProfile | undefined; onSaved(): void }) {
  const notify = useUi((s) => s.notify);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ProfileForm>(profile ? formOf(profile) : EMPTY_FORM);
  const [touched, setTouched] = useState(false);
  // One Svc-Request-Id per form: a retry of the same create answers the same profile (spec 4.12).
  const [requestId] = useState(newRequestId);
  const problems = touched ? formProblems(form) : {};
  const save = useMutation({
    mutationFn: () =>
      profile
        ? callApi({ method: 'PUT', path: profilePath(profile.id), body: bodyOf(form) })
        : callApi({
            method: 'POST',
            path: PROFILES_PATH,
            body: bodyOf(form),
            headers: { 'Svc-Request-Id': requestId },
          }),
    onSuccess: () => {
      notify(profile ? `Saved ${form.name}` : `Created ${form.name}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onSaved();
    },
  });
  const set = (patch: Partial<ProfileForm>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(formProblems(form)).length === 0) save.mutate();
  };
  const field = (key: keyof ProfileForm, label: string, testId: string, hint?: string) => (
    <TextField
      size="small"
      label={label}
      value={form[key] as string}
      onChange={(e) => set({ [key]: e.target.value } as Partial<ProfileForm>)}
      error={!!problems[key]}
      helperText={problems[key] ?? hint}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
  const choice = (key: ChoiceKey, label: string, testId: string, options: [string, string][]) => (
    <SelectField
      native
      label={label}
      value={form[key]}
      onChange={(value) => set({ [key]: value } as Partial<ProfileForm>)}
      choices={options.map(([value, meaning]) => ({ value, label: meaning }))}
      testId={testId}
    />
  );
  return (
    <TwoColumns>
      <Section title={profile ? `Edit ${profile.name}` : 'New profile'}>
        <form
          onSubmit={submit}
          noValidate
          data-testid="web-profile-form"
          data-mode={profile ? 'edit' : 'create'}
        >
          <Stack spacing={2}>
            {field('name', 'Name', 'web-profile-name', 'Unique among your profiles, 1 to 50 characters.')}
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.temporary}
                  onChange={(e) => set({ temporary: e.target.checked })}
                  slotProps={{ input: { 'aria-label': 'Temporary' } }}
                  data-testid="web-profile-temporary"
                />
              }
              label="Temporary (vanishes 3 hours of simulated time after it is made)"
            />
            <Typography variant="subtitle2">Presentation</Typography>
            {field('brand_name', 'Brand name', 'web-profile-brand', 'Shown instead of the business name.')}
            {field(
              'logo_image',
              'Logo image URL',
              'web-profile-logo',
              'https, at most 127 characters; 190 × 60 px.',
            )}
            {field(
              'locale_code',
              'Locale',
              'web-profile-locale',
              'A country code such as US, or a locale such as da_DK.',
            )}
            <Typography variant="subtitle2">Flow</Typography>
            {choice('landing_page_type', 'Landing page', 'web-profile-landing', [
              ['', 'Not set (wallet log-in)'],
              ['Login', 'Login: wallet log-in'],
              ['Billing', 'Billing: guest card form'],
            ])}
            {choice('user_action', 'User action', 'web-profile-user-action', [
              ['', 'Not set (Continue)'],
              ['continue', 'continue'],
              ['commit', 'commit: Pay Now'],
            ])}
            {field('bank_txn_pending_url', 'Bank transfer pending URL', 'web-profile-pending-url')}
            <Typography variant="subtitle2">Input fields</Typography>
            {choice('no_shipping', 'Shipping (no_shipping)', 'web-profile-no-shipping', [
              ['', 'Not set'],
              ['0', '0: show the shipping address'],
              ['1', '1: no shipping address (digital goods)'],
              ['2', "2: the address on the buyer's account"],
            ])}
            {choice('address_override', 'Address override', 'web-profile-address-override', [
              ['', 'Not set'],
              ['0', '0: the address on file'],
              ['1', "1: the payment's address, not editable"],
            ])}
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.allow_note}
                  onChange={(e) => set({ allow_note: e.target.checked })}
                  data-testid="web-profile-allow-note"
                />
              }
              label="Let the buyer write a note to the merchant"
            />
            <ApiErrorAlert
              error={save.error}
              title="The API refused the profile"
              onClose={() => save.reset()}
              testId="web-profile-error"
            />
            <Stack direction="row" spacing={1}>
              <Button
                type="submit"
                variant="contained"
                disabled={save.isPending}
                data-testid="web-profile-save"
              >
                {save.isPending ? 'Saving…' : profile ? 'Save (PUT)' : 'Create profile'}
              </Button>
              {profile ? (
                <Button onClick={onSaved} data-testid="web-profile-cancel">
                  Cancel
                </Button>
              ) : null}
            </Stack>
          </Stack>
        </form>
      </Section>
      <Section title="Buyer page preview">
        <ProfilePreview form={form} />
      </Section>
    </TwoColumns>
  );
}
