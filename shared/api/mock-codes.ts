import { COMMON_ISSUES, ERROR_NAMES, type ErrorName } from '../errors.js';
import type { AnyEndpoint } from './endpoint.js';
import type { IssueDefinition } from './issue.js';
import { ISSUES, SHARED_GROUPS, type Issue } from './registry.js';

/**
 * The codes `Svc-Mock-Response` accepts (pipeline step 7, electron/api/pipeline/mock-response.ts): these
 * error names, answered with their own status, and every issue of the one issue table.
 */
export const MOCK_NAME_CODES: readonly ErrorName[] = [
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'RATE_LIMIT_REACHED',
  'RESOURCE_CONFLICT',
  'NOT_AUTHORIZED',
];

/** The header value that forces `code`, in the form the pipeline parses. */
export const mockResponseHeader = (code: string): string => JSON.stringify({ mock_application_codes: code });

/** The code a `Svc-Mock-Response` value asks for, when it is well formed. */
export function mockCodeOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const code = (JSON.parse(header) as { mock_application_codes?: unknown }).mock_application_codes;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

export interface MockCode {
  code: string;
  status: number;
  name: ErrorName;
  description: string;
}

export interface MockCodeGroup {
  label: string;
  codes: MockCode[];
}

const issueCode = (code: string, definition: IssueDefinition): MockCode => ({
  code,
  name: definition.name,
  status: ERROR_NAMES[definition.name].status,
  description: definition.description,
});

const ANY_OPERATION: MockCodeGroup = {
  label: 'Any operation',
  codes: [
    ...MOCK_NAME_CODES.map((name) => ({
      code: name,
      name,
      status: ERROR_NAMES[name].status,
      description: ERROR_NAMES[name].message,
    })),
    ...Object.entries(COMMON_ISSUES).map(([code, definition]) => issueCode(code, definition)),
  ],
};

/**
 * The documented mock codes for an endpoint, for the console's picker: the issues its API group declares
 * (the ones its operations raise; issues are declared per group, not per operation), then the codes any
 * operation may answer. Without a known endpoint, every group's issues.
 */
export function mockCodesFor(endpoint: Pick<AnyEndpoint, 'method' | 'path'> | undefined): MockCodeGroup[] {
  const groups = SHARED_GROUPS.filter(
    (group) =>
      endpoint === undefined ||
      group.endpoints.some((e) => e.method === endpoint.method && e.path === endpoint.path),
  );
  const own = groups
    .map((group) => {
      const tag = group.endpoints[0]?.tag ?? group.name;
      const codes = Object.keys(group.issues as Record<string, IssueDefinition>).map((code) =>
        issueCode(code, ISSUES[code as Issue]),
      );
      return { label: `${tag} issues`, codes };
    })
    .filter((group) => group.codes.length > 0);
  return [...own, ANY_OPERATION];
}
