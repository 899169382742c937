import type { ResourceKind } from './repositories/resources-repo.js';

/** The columns every stored resource has, as a group names them when it makes one. */
export interface EnvelopeFields<S extends string> {
  kind: ResourceKind;
  id: string;
  /** The app that owns it; null for what no app's call made (samples, seeded data). */
  app: string | null;
  status: S;
  /** The resource it hangs under (an order for its capture); none by default. */
  parent?: string | null;
  /** Where its lineage starts; a resource that starts one names itself (the default). */
  root?: string | null;
  /** When it was made. */
  at: string;
  /** When it last changed, if not when it was made. */
  updated?: string;
}

/**
 * The stored-resource envelope (kind, id, owner, status, lineage, times) that a group spreads into its
 * resource before its `body` and `internal`: the one place the columns are laid out.
 */
export function resourceEnvelope<S extends string>(fields: EnvelopeFields<S>) {
  return {
    kind: fields.kind,
    id: fields.id,
    app_id: fields.app,
    status: fields.status,
    parent_id: fields.parent ?? null,
    root_id: fields.root === undefined ? fields.id : fields.root,
    create_time: fields.at,
    update_time: fields.updated ?? fields.at,
  };
}
