import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { BILLING_V1_ENDPOINTS } from '../../../../shared/api/billing-v1';
import { hrefFor } from '../../app/router';

/** The v1 operations whose deprecation a page states: its list or show operation. */
type LegacyOperation = 'listPlans' | 'showAgreement';

/** Where the replacement API's resources are in the workbench. */
const REPLACEMENT_PAGES: Readonly<Record<string, { route: string; label: string }>> = {
  '/v1/billing/plans': { route: '/plans', label: 'subscription plans' },
  '/v1/billing/subscriptions': { route: '/subscriptions', label: 'subscriptions' },
};

/**
 * The banner over every v1 billing view: the API is deprecated (spec 4.8), and what replaces it, as its
 * endpoints declare (`deprecated.replacement`, also in `/openapi.json`). Integrations still on v1 keep
 * working in the sandbox; new ones should start on the replacement.
 */
export function DeprecatedNotice({ what, operation }: { what: string; operation: LegacyOperation }) {
  const replacement = BILLING_V1_ENDPOINTS[operation].deprecated?.replacement;
  const page = replacement ? REPLACEMENT_PAGES[replacement] : undefined;
  return (
    <Alert severity="warning" data-testid="deprecated-notice">
      {what} belong to the deprecated v1 billing API.
      {replacement ? (
        <>
          {' '}
          Use {page ? <Link href={hrefFor(page.route)}>{page.label}</Link> : 'its replacement'} (
          <code>{replacement}</code>) instead.
        </>
      ) : null}
    </Alert>
  );
}
