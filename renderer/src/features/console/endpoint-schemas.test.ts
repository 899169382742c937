import { describe, expect, it } from 'vitest';
import { pathTemplate } from '../../../../shared/api/endpoint';
import { ENDPOINTS as SHARED_ENDPOINTS } from '../../../../shared/api/registry';
import { ENDPOINTS, bodyJsonSchema, matchEndpoint } from './endpoint-schemas';

/** A concrete path for a template: every placeholder filled with an id-like value. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'ABC123DEF');

describe('console endpoint list', () => {
  it('has every endpoint of the shared registry, test helpers included, and nothing else', () => {
    const listed = ENDPOINTS.map((e) => `${e.method} ${e.template}`);
    const shared = SHARED_ENDPOINTS.map((e) => `${e.method} ${pathTemplate(e.path)}`);
    expect(listed).toEqual(shared);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(SHARED_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))(
    'finds %s by its template and by a concrete path',
    (_name, shared) => {
      const template = pathTemplate(shared.path);
      const byTemplate = matchEndpoint(shared.method, template);
      expect(byTemplate?.template).toBe(template);
      expect(byTemplate?.group).toBe(shared.tag);
      expect(byTemplate?.summary).toBe(shared.summary);
      expect(byTemplate?.body).toBe(shared.body);
      expect(byTemplate?.example).toEqual(shared.example);
      expect(matchEndpoint(shared.method, concrete(template))?.template).toBe(template);
      expect(() => bodyJsonSchema(byTemplate)).not.toThrow();
    },
  );

  it('prefers a literal segment to a placeholder', () => {
    // `/webhooks-event-types` is its own endpoint, not a `/webhooks/{webhook_id}`-like match.
    for (const endpoint of ENDPOINTS) {
      if (endpoint.template.includes('{')) continue;
      expect(matchEndpoint(endpoint.method, endpoint.template)).toBe(endpoint);
    }
  });
});
