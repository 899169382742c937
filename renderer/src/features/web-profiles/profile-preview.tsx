import Box from '@mui/material/Box';
import type { ProfileForm } from './profile-form-model';

/** The sample cart the preview shows. */
const CART = [
  { name: 'NeoPhone × 1', amount: '10.00 USD' },
  { name: 'Shipping', amount: '2.00 USD' },
];

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The buyer page as a payment under this profile shows it, drawn from the form as it is typed (nothing is
 * saved): brand name instead of the merchant's, the logo (named, since the workbench loads no outside
 * images), the landing page (wallet log-in or guest card form), the shipping fields `no_shipping` and
 * `address_override` ask for, the note to the merchant, and Pay Now or Continue. The look is the buyer
 * page's own (`electron/api/pipeline/buyer-page.ts`).
 */
export function ProfilePreview({ form }: { form: ProfileForm }) {
  const brand = form.brand_name.trim() || 'Example Merchant Inc.';
  const billing = form.landing_page_type === 'Billing';
  const shipping = form.no_shipping === '' ? '0' : form.no_shipping;
  const cell = { py: 0.75, borderBottom: '1px solid #e6eaee' };
  const input = {
    border: '1px solid #c8d0d8',
    borderRadius: 1,
    px: 1,
    py: 0.75,
    color: '#5b6b7b',
    fontSize: 14,
    mb: 1,
  };
  return (
    <Box
      data-testid="web-profile-preview"
      data-landing={billing ? 'billing' : 'login'}
      data-shipping={shipping}
      sx={{
        background: '#f4f6f8',
        borderRadius: 2,
        p: 2,
        color: '#1c2733',
        font: '15px/1.5 system-ui, sans-serif',
      }}
    >
      <Box
        sx={{
          maxWidth: 420,
          mx: 'auto',
          background: '#fff',
          borderRadius: 3,
          p: 3,
          boxShadow: '0 2px 12px #0001',
        }}
      >
        {form.logo_image.trim() ? (
          <Box
            data-testid="preview-logo"
            title={form.logo_image}
            sx={{
              border: '1px dashed #c8d0d8',
              borderRadius: 1,
              width: 190,
              height: 60,
              display: 'grid',
              placeItems: 'center',
              mb: 1.5,
              fontSize: 12,
              color: '#5b6b7b',
              overflow: 'hidden',
            }}
          >
            logo from {hostOf(form.logo_image.trim())}
          </Box>
        ) : null}
        <Box component="h3" sx={{ fontSize: 20, m: 0 }} data-testid="preview-brand">
          Pay {brand}
        </Box>
        <Box sx={{ color: '#5b6b7b', fontSize: 13 }}>
          Sandbox checkout{form.locale_code.trim() ? ` · locale ${form.locale_code.trim()}` : ''}
        </Box>
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', my: 2 }}>
          <tbody>
            {CART.map((row) => (
              <tr key={row.name}>
                <Box component="td" sx={cell}>
                  {row.name}
                </Box>
                <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                  {row.amount}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
        {billing ? (
          <Box data-testid="preview-billing">
            <Box sx={{ fontWeight: 600, mb: 0.5 }}>Pay with a debit or credit card</Box>
            <Box sx={input}>Card number</Box>
            <Box sx={input}>Expires · CVV</Box>
            <Box sx={{ fontSize: 13, color: '#1f5fbf' }}>Have a wallet account? Log in</Box>
          </Box>
        ) : (
          <Box data-testid="preview-login">
            <Box sx={{ fontWeight: 600, mb: 0.5 }}>Log in to pay</Box>
            <Box sx={input}>Email</Box>
            <Box sx={input}>Password</Box>
          </Box>
        )}
        <Box sx={{ mt: 2 }} data-testid="preview-shipping">
          <Box sx={{ fontWeight: 600 }}>Shipping</Box>
          {shipping === '1' ? (
            <Box sx={{ color: '#5b6b7b', fontSize: 14 }}>
              No shipping address is asked for (digital goods).
            </Box>
          ) : shipping === '2' ? (
            <Box sx={{ color: '#5b6b7b', fontSize: 14 }}>
              Ships to the address on the buyer&apos;s account.
            </Box>
          ) : form.address_override === '1' ? (
            <Box sx={{ fontSize: 14 }} data-testid="preview-address-locked">
              2211 North First Street, San Jose CA 95131 (set by the merchant, cannot be changed)
            </Box>
          ) : (
            <Box sx={{ fontSize: 14 }}>
              2211 North First Street, San Jose CA 95131 ·{' '}
              <Box component="span" sx={{ color: '#1f5fbf' }}>
                Change
              </Box>
            </Box>
          )}
        </Box>
        {form.allow_note ? (
          <Box sx={{ mt: 2 }} data-testid="preview-note">
            <Box sx={{ fontWeight: 600, mb: 0.5 }}>Note to {brand}</Box>
            <Box sx={{ ...input, height: 48 }} />
          </Box>
        ) : null}
        <Box
          data-testid="preview-submit"
          sx={{ mt: 2, textAlign: 'center', background: '#1f5fbf', color: '#fff', borderRadius: 2, py: 1.25 }}
        >
          {form.user_action === 'commit' ? 'Pay Now' : 'Continue'}
        </Box>
      </Box>
    </Box>
  );
}
