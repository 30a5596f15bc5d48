/**
 * The areas of the product, one list. An area has one name in every layer it has: its route module
 * (`shared/api/routes/<area>.ts`), its handlers (`functions/http/<area>/`), its rules (`functions/domain/<area>/`)
 * and, where it has screens or API calls, its SPA feature (`frontend/src/features/<area>/`). A folder (or route
 * module) in one of those four places is an area listed here with that layer, and a listed layer exists
 * (test/unit/areas.test.ts).
 *
 * Ranks order the domain (scripts/check-dependencies.ts builds its rules from them): an area's rules import areas
 * of a lower rank (any file), or an area of their own rank only through its `index.ts`, never one of a higher
 * rank; and no two areas import each other, directly or round a longer loop.
 * - base: who the caller is and what they may do (auth, access), the audit log, limits, notifications;
 * - content: what a report is made of and what is said about it: the evidence and the client's library, the
 *   document's sections and visuals, AI (ask sits above ai within the rank: it asks through ai's index), teams,
 *   comments, reviews, conflicts between sources, benchmarks, the brand, the activity feed, the claim ledger;
 * - workflows: what runs across the content: the wizard, reports' lifecycle (status, reassessment), organizations,
 *   exports with templates, administration.
 *
 * `system` (health, the OpenAPI document) has a route module and handlers only, and uses no other area: base.
 * `dashboard` and `editor` are pages, not areas: SPA features built from other features' public entries, with no
 * routes or rules of their own (PAGES).
 */

export const RANKS = ['base', 'content', 'workflows'] as const;
export type Rank = (typeof RANKS)[number];

export const LAYERS = ['routes', 'http', 'domain', 'feature'] as const;
export type Layer = (typeof LAYERS)[number];

/** Where a layer of an area lives, from the repository root: a file for the route module, a folder for the others. */
export const LAYER_PATHS: Record<Layer, (area: string) => string> = {
  routes: (area) => `shared/api/routes/${area}.ts`,
  http: (area) => `functions/http/${area}`,
  domain: (area) => `functions/domain/${area}`,
  feature: (area) => `frontend/src/features/${area}`,
};

export interface AreaDef {
  readonly rank: Rank;
  readonly layers: readonly Layer[];
}

const ALL: readonly Layer[] = ['routes', 'http', 'domain', 'feature'];

export const AREAS = {
  // base
  access: { rank: 'base', layers: ['domain'] },
  audit: { rank: 'base', layers: ['routes', 'http', 'domain'] },
  auth: { rank: 'base', layers: ALL },
  limits: { rank: 'base', layers: ['domain'] },
  notifications: { rank: 'base', layers: ALL },
  system: { rank: 'base', layers: ['routes', 'http'] },
  // content
  evidence: { rank: 'content', layers: ALL },
  library: { rank: 'content', layers: ALL },
  sections: { rank: 'content', layers: ALL },
  visuals: { rank: 'content', layers: ALL },
  ai: { rank: 'content', layers: ALL },
  ask: { rank: 'content', layers: ALL },
  teams: { rank: 'content', layers: ALL },
  comments: { rank: 'content', layers: ALL },
  reviews: { rank: 'content', layers: ALL },
  conflicts: { rank: 'content', layers: ALL },
  benchmarks: { rank: 'content', layers: ['domain'] },
  brand: { rank: 'content', layers: ALL },
  activity: { rank: 'content', layers: ALL },
  ledger: { rank: 'content', layers: ALL },
  // workflows
  wizard: { rank: 'workflows', layers: ALL },
  reports: { rank: 'workflows', layers: ALL },
  organizations: { rank: 'workflows', layers: ALL },
  exports: { rank: 'workflows', layers: ALL },
  templates: { rank: 'workflows', layers: ALL },
  admin: { rank: 'workflows', layers: ALL },
} as const satisfies Record<string, AreaDef>;

/** Pages built from features: SPA features only (`frontend/src/features/<page>/`), above every area. */
export const PAGES = ['dashboard', 'editor'] as const;
