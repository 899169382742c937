/**
 * The operation a partner asks of the seller it refers: API calls the partner makes on the seller's behalf
 * (a third-party integration), limited to the `features` the seller grants.
 */
export function thirdPartyOperation(features: readonly string[]) {
  return {
    operation: 'API_INTEGRATION',
    api_integration_preference: {
      rest_api_integration: {
        integration_method: 'SVC',
        integration_type: 'THIRD_PARTY',
        third_party_details: { features: [...features] },
      },
    },
  } as const;
}
