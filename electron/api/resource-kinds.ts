import type { ResourceKindDefinition, ResourceSummaryFields } from './group-module.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';

/** How much of a resource an answer carries (`Prefer: return=minimal|representation`). */
export type Representation = 'minimal' | 'representation';

/**
 * The resource kinds every group registered: the respond step, the webhooks, the workbench and the
 * support view render, summarize and relate resources through here without knowing their group.
 */
export class ResourceKinds {
  private readonly kinds = new Map<string, ResourceKindDefinition>();

  add(definition: ResourceKindDefinition): void {
    if (this.kinds.has(definition.kind)) throw new Error(`resource kind ${definition.kind} registered twice`);
    this.kinds.set(definition.kind, definition);
  }

  get(kind: string): ResourceKindDefinition {
    const definition = this.kinds.get(kind);
    if (!definition) throw new Error(`no resource kind ${kind}`);
    return definition;
  }

  has(kind: string): boolean {
    return this.kinds.has(kind);
  }

  list(): string[] {
    return [...this.kinds.keys()];
  }

  /** The kinds a resource of `kind` may be rooted at (one for most kinds). */
  rootKindsOf(kind: string): readonly string[] {
    const { rootKind } = this.get(kind);
    return typeof rootKind === 'string' ? [rootKind] : rootKind;
  }

  /**
   * The kind of a resource's root: itself when it is a root, else its kind's root kind, or (a kind with
   * several) the one that `holds` its `root_id`. Null without a root.
   */
  rootKindOf(
    resource: StoredResource<unknown, unknown>,
    holds: (kind: string, id: string) => boolean,
  ): string | null {
    const rootId = resource.root_id;
    if (!rootId) return null;
    if (rootId === resource.id) return resource.kind;
    const candidates = this.rootKindsOf(resource.kind);
    if (candidates.length === 1) return candidates[0] ?? null;
    return candidates.find((kind) => holds(kind, rootId)) ?? candidates[0] ?? null;
  }

  /** The kinds whose lineage may start at `rootKind` (an order's payments, with the order itself). */
  lineageOf(rootKind: string): string[] {
    return [...this.kinds.values()]
      .filter((k) =>
        typeof k.rootKind === 'string' ? k.rootKind === rootKind : k.rootKind.includes(rootKind),
      )
      .map((k) => k.kind);
  }

  /**
   * The resource as the API answers it: `{id, status, links}` for minimal, else its whole view with
   * the links of its current state last.
   */
  present(
    resource: StoredResource<unknown, unknown>,
    baseUrl: string,
    representation: Representation = 'representation',
  ): Record<string, unknown> {
    const definition = this.get(resource.kind);
    const links = definition.links(resource, baseUrl);
    if (representation === 'minimal') return { id: resource.id, status: resource.status, links };
    return { ...definition.view(resource, baseUrl), links };
  }

  summary(resource: StoredResource<unknown, unknown>): ResourceSummaryFields {
    return this.get(resource.kind).summary(resource);
  }
}
