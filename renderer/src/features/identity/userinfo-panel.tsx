import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLAIMS_BY_SCOPE, claimsFor } from '../../../../shared/api/identity';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { readUserinfo, USERINFO_PATH } from './scim-api';
import { queryKeys } from '../../api/query-keys';

const shownValue = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The userinfo claims per scope. The workbench's token carries every scope, so one real call
 * (`GET /v1/identity/openidconnect/userinfo?schema=openid`, in the request log) answers every claim the
 * account has; the table groups them by the scope that opens them, and the preview shows what a token
 * narrowed to the ticked scopes (`scope=` on the token call) reads, cut by the same table the host uses.
 */
export function UserinfoPanel() {
  const userinfo = useQuery({ queryKey: queryKeys.identity.userinfo, queryFn: readUserinfo });
  const [ticked, setTicked] = useState<string[]>(CLAIMS_BY_SCOPE.map((row) => row.scope));
  const allowed = claimsFor(ticked);
  const preview = Object.fromEntries(
    Object.entries(userinfo.data ?? {}).filter(([claim]) => allowed.has(claim as never)),
  );
  const scopeParam = ticked.map((scope) => CLAIMS_BY_SCOPE.find((r) => r.scope === scope)?.scope ?? scope);
  return (
    <Stack spacing={2} data-testid="userinfo-panel">
      <Typography color="text.secondary" variant="body2">
        Whose claims: the account the app acts for (the seeded merchant for the sandbox app). Claims it has no
        data for are left out.
      </Typography>
      <QueryState loading={userinfo.isLoading} error={null}>
        {userinfo.error ? <ApiErrorAlert error={userinfo.error} title="userinfo failed" /> : null}
        <Paper sx={{ p: 2 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Scope</TableCell>
                <TableCell>Claim</TableCell>
                <TableCell>Value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {CLAIMS_BY_SCOPE.map((row) =>
                row.claims.map((claim, index) => {
                  const value = userinfo.data?.[claim];
                  return (
                    <TableRow
                      key={`${row.scope}-${claim}`}
                      data-testid={`claim-${claim}`}
                      data-scope={row.label}
                    >
                      {index === 0 ? (
                        <>
                          <TableCell
                            padding="checkbox"
                            rowSpan={row.claims.length}
                            sx={{ verticalAlign: 'top' }}
                          >
                            <Checkbox
                              size="small"
                              checked={ticked.includes(row.scope)}
                              onChange={(event) =>
                                setTicked(
                                  event.target.checked
                                    ? [...ticked, row.scope]
                                    : ticked.filter((scope) => scope !== row.scope),
                                )
                              }
                              slotProps={{ input: { 'aria-label': `scope ${row.label}` } }}
                              data-testid={`scope-${row.label}`}
                            />
                          </TableCell>
                          <TableCell rowSpan={row.claims.length} sx={{ verticalAlign: 'top' }}>
                            <Typography sx={{ fontWeight: 600 }}>{row.label}</Typography>
                            {row.label !== row.scope ? (
                              <Typography variant="caption" sx={{ fontFamily: MONO, wordBreak: 'break-all' }}>
                                {row.scope}
                              </Typography>
                            ) : null}
                          </TableCell>
                        </>
                      ) : null}
                      <TableCell sx={{ fontFamily: MONO }}>{claim}</TableCell>
                      <TableCell data-testid={`claim-value-${claim}`} sx={{ wordBreak: 'break-all' }}>
                        {value === undefined ? (
                          <Typography component="span" color="text.secondary" variant="body2">
                            no data
                          </Typography>
                        ) : (
                          shownValue(value)
                        )}
                      </TableCell>
                    </TableRow>
                  );
                }),
              )}
            </TableBody>
          </Table>
        </Paper>
        <Section title="What a token with the ticked scopes reads" testId="userinfo-preview">
          {ticked.includes('openid') ? (
            <JsonView value={preview} testId="userinfo-preview-json" />
          ) : (
            <Typography color="error" data-testid="userinfo-preview-refused">
              403 NOT_AUTHORIZED: without openid a token may not call userinfo.
            </Typography>
          )}
          <Box component="pre" sx={{ fontFamily: MONO, fontSize: 12, whiteSpace: 'pre-wrap', mt: 1 }}>
            {`curl -u CLIENT_ID:SECRET -d grant_type=client_credentials \\\n  --data-urlencode "scope=${scopeParam.join(' ')}" {base_url}/v1/oauth2/token\ncurl -H "Authorization: Bearer <token>" "{base_url}${USERINFO_PATH}"`}
          </Box>
        </Section>
      </QueryState>
    </Stack>
  );
}
