import {
  WebProfileSchema,
  type WebProfile,
  type WebProfileInput,
} from '../../../../shared/api/web-profiles/schemas';

/**
 * The web profile form as text fields, and the request body it makes (pure, tested). The body carries
 * only what the form sets: a PUT forgets whatever it omits (spec 4.12), which is what "clear a field"
 * means here.
 */
export interface ProfileForm {
  name: string;
  temporary: boolean;
  brand_name: string;
  logo_image: string;
  locale_code: string;
  landing_page_type: '' | 'Login' | 'Billing';
  user_action: '' | 'commit' | 'continue';
  bank_txn_pending_url: string;
  no_shipping: '' | '0' | '1' | '2';
  address_override: '' | '0' | '1';
  allow_note: boolean;
}

export const EMPTY_FORM: ProfileForm = {
  name: '',
  temporary: false,
  brand_name: '',
  logo_image: '',
  locale_code: '',
  landing_page_type: '',
  user_action: '',
  bank_txn_pending_url: '',
  no_shipping: '',
  address_override: '',
  allow_note: false,
};

const text = (value: string | undefined) => value ?? '';

/** The form of an existing profile. */
export function formOf(profile: WebProfile): ProfileForm {
  const landing = profile.flow_config?.landing_page_type?.toLowerCase();
  const action = profile.flow_config?.user_action?.toLowerCase();
  return {
    name: profile.name,
    temporary: profile.temporary === true,
    brand_name: text(profile.presentation?.brand_name),
    logo_image: text(profile.presentation?.logo_image),
    locale_code: text(profile.presentation?.locale_code),
    landing_page_type: landing === 'login' ? 'Login' : landing === 'billing' ? 'Billing' : '',
    user_action: action === 'commit' || action === 'continue' ? action : '',
    bank_txn_pending_url: text(profile.flow_config?.bank_txn_pending_url),
    no_shipping:
      profile.input_fields?.no_shipping !== undefined
        ? (String(profile.input_fields.no_shipping) as ProfileForm['no_shipping'])
        : '',
    address_override:
      profile.input_fields?.address_override !== undefined
        ? (String(profile.input_fields.address_override) as ProfileForm['address_override'])
        : '',
    allow_note: profile.input_fields?.allow_note === true,
  };
}

function group<T extends Record<string, unknown>>(members: T): T | undefined {
  const set = Object.fromEntries(Object.entries(members).filter(([, v]) => v !== undefined && v !== ''));
  return Object.keys(set).length > 0 ? (set as T) : undefined;
}

/** The body of a create or PUT: the parameters the form sets, nothing else. */
export function bodyOf(form: ProfileForm): WebProfileInput {
  const presentation = group({
    brand_name: form.brand_name.trim() || undefined,
    logo_image: form.logo_image.trim() || undefined,
    locale_code: form.locale_code.trim() || undefined,
  });
  const flow = group({
    landing_page_type: form.landing_page_type || undefined,
    user_action: form.user_action || undefined,
    bank_txn_pending_url: form.bank_txn_pending_url.trim() || undefined,
  });
  const inputs = group({
    no_shipping: form.no_shipping === '' ? undefined : Number(form.no_shipping),
    address_override: form.address_override === '' ? undefined : Number(form.address_override),
    allow_note: form.allow_note ? true : undefined,
  });
  return {
    name: form.name.trim(),
    temporary: form.temporary,
    ...(flow ? { flow_config: flow } : {}),
    ...(inputs ? { input_fields: inputs } : {}),
    ...(presentation ? { presentation } : {}),
  };
}

/** Problems the API would answer with, by field, in the schema's own words (the API has the last word). */
export function formProblems(form: ProfileForm): Partial<Record<keyof ProfileForm, string>> {
  const parsed = WebProfileSchema.safeParse(bodyOf(form));
  if (parsed.success) return {};
  const problems: Partial<Record<keyof ProfileForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[issue.path.length - 1] as keyof ProfileForm;
    problems[key] ??=
      issue.code === 'too_small' && key === 'name'
        ? 'A name is required (1 to 50 characters).'
        : issue.message;
  }
  return problems;
}
