/** Who paid, as a ledger entry keeps it and the transaction report shows it (`payer_info`). */
export interface PayerInfo {
  account_id?: string;
  email_address?: string;
  address_status?: 'Y' | 'N';
  payer_status?: 'Y' | 'N';
  payer_name?: { given_name?: string; surname?: string; alternate_full_name?: string };
  country_code?: string;
}
