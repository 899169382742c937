import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { billingAgreementV1Machine } from '../../../../shared/api/billing-v1';
import { RESOURCE_KINDS } from '../../../../shared/api/registry';
import { formatTime } from '../../api/format';
import { hrefFor } from '../../app/router';
import { MONO } from '../../components/mono-font';
import { ResourceListPanel } from '../../components/resource-list-panel';
import { StatusChip } from '../../components/status-chip';
import { useResourceList } from '../../components/use-resource-list';
import { DeprecatedNotice } from './deprecated-notice';
import { LEGACY_AGREEMENT_KIND } from './billing-kinds';

/**
 * The deprecated v1 billing agreements. v1 has no list operation, so the list is the workspace's own
 * (the host's resources); each opens to the agreement as `GET /v1/payments/billing-agreements/{id}`
 * answers it.
 */
export function LegacyAgreementsPanel() {
  const known = (RESOURCE_KINDS as readonly string[]).includes(LEGACY_AGREEMENT_KIND);
  return (
    <Stack spacing={2}>
      <DeprecatedNotice what="Billing agreements v1" operation="showAgreement" />
      {known ? (
        <AgreementsList />
      ) : (
        <Alert severity="info">This version of the sandbox does not serve v1 billing agreements.</Alert>
      )}
    </Stack>
  );
}

function AgreementsList() {
  const list = useResourceList(LEGACY_AGREEMENT_KIND);
  return (
    <ResourceListPanel
      list={list}
      states={Object.keys(billingAgreementV1Machine.states)}
      testIdPrefix="legacy-agreements"
      searchPlaceholder="e.g. I-1TJ3GAGG82Y9"
      noun="agreement"
      emptyText={
        <>
          No v1 billing agreements. Integrations that still use them create them on an ACTIVE v1 plan with{' '}
          <code>POST /v1/payments/billing-agreements</code>.
        </>
      }
      head={
        <>
          <TableCell>Agreement</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Created</TableCell>
        </>
      }
      rows={list.items.map((agreement) => (
        <TableRow key={agreement.id} hover>
          <TableCell sx={{ fontFamily: MONO }}>
            <Link href={hrefFor(`/legacy-agreements/${encodeURIComponent(agreement.id)}`)}>
              {agreement.id}
            </Link>
          </TableCell>
          <TableCell>
            <StatusChip status={agreement.status} />
          </TableCell>
          <TableCell>{formatTime(agreement.create_time)}</TableCell>
        </TableRow>
      ))}
    />
  );
}
