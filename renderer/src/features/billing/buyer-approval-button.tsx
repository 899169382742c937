import Button from '@mui/material/Button';

/**
 * The way to the buyer's side of an agreement waiting for approval: the API's approval link opened in a
 * new window, where the sandbox buyer approves as a real buyer would.
 */
export function BuyerApprovalButton({ href, testId }: { href: string; testId: string }) {
  return (
    <Button
      variant="contained"
      color="secondary"
      href={href}
      target="_blank"
      rel="noreferrer"
      data-testid={testId}
    >
      Open buyer approval page ↗
    </Button>
  );
}
