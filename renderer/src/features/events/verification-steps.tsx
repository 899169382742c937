import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ListenerMessage, VerificationVerdict } from '../../../../shared/api/webhooks';

export function VerdictChip({ verdict }: { verdict: VerificationVerdict }) {
  const color = verdict === 'SUCCESS' ? 'success' : verdict === 'FAILURE' ? 'error' : 'default';
  return (
    <Chip
      size="small"
      label={verdict}
      color={color}
      variant={verdict === 'PENDING' ? 'outlined' : 'filled'}
      data-testid="verdict"
      sx={{ fontWeight: 600 }}
    />
  );
}

/** Spec 6.6 as the listener performed it: each step, its value, and whether it held. */
export function VerificationSteps({ verification }: { verification: ListenerMessage['verification'] }) {
  return (
    <Box data-testid="verification">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">Verdict</Typography>
        <VerdictChip verdict={verification.verdict} />
        {verification.webhook_id ? (
          <Typography variant="body2" color="text.secondary">
            webhook id <code>{verification.webhook_id}</code> ({verification.webhook_id_source})
          </Typography>
        ) : null}
      </Box>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {verification.steps.map((step) => (
          <Box
            component="li"
            key={step.step}
            data-testid={`step-${step.step}`}
            data-ok={step.ok ? 'true' : 'false'}
            sx={{ mb: 0.75 }}
          >
            <Typography
              variant="body2"
              component="span"
              sx={{ fontWeight: 600, color: step.ok ? 'success.main' : 'error.main' }}
            >
              {step.ok ? '✓' : '✗'} {step.label}
            </Typography>
            {step.value ? (
              <Box
                component="code"
                data-testid={`step-${step.step}-value`}
                sx={{
                  display: 'block',
                  fontSize: 12,
                  wordBreak: 'break-all',
                  fontFamily: 'ui-monospace, monospace',
                }}
              >
                {step.value}
              </Box>
            ) : null}
            {step.detail ? (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', wordBreak: 'break-word' }}
              >
                {step.detail}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
