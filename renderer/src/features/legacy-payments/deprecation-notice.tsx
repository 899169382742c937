import { DeprecationNotice } from '../../components/deprecation';

/**
 * Every legacy payments page says what it is and what replaces it (spec 9.2), read from the endpoints'
 * own `deprecated` field like `/openapi.json`, the console and the request log do.
 */
export function LegacyPaymentsNotice({ apiPath }: { apiPath: string }) {
  return (
    <DeprecationNotice
      pathPrefix={apiPath}
      what={
        <>
          Payments v1 (<code>{apiPath}</code>)
        </>
      }
    >
      Payments v1 money goes through the same ledger as v2, so reports and balances show both.
    </DeprecationNotice>
  );
}
