/**
 * The contract of AI analysis of one piece of evidence: which business dimensions it speaks to, how
 * strongly, how relevant it is to the report, and its key insights as exact spans of the analysed text.
 */
import * as z from 'zod/mini';

/** The six dimensions, exactly as the spec lists them. */
export const DIMENSIONS = [
  'Financial Performance',
  'Operational Efficiency',
  'Market & Customers',
  'Competitive Landscape',
  'People & Culture',
  'Risks & Compliance',
] as const;

export const Dimension = z.enum(DIMENSIONS);
export type Dimension = z.infer<typeof Dimension>;

/** Spec section 9: default relevance of evidence when nothing better is known. */
export const DEFAULT_RELEVANCE = { file: 0.8, url: 0.8, interview: 0.9 } as const;

export const MAX_KEY_INSIGHTS = 7;
/** Analyses aim for 3 to 7 insights; very short texts may have fewer. */
export const MIN_KEY_INSIGHTS_TARGET = 3;

const unitScore = z.number().check(z.gte(0), z.lte(1));
const offset = z.number().check(z.int(), z.gte(0));

/** A key insight: `text` is exactly `source.slice(start, end)` of the analysed text. */
export const Insight = z
  .object({
    text: z.string().check(z.minLength(1)),
    start: offset,
    end: offset,
    dimension: Dimension,
    score: unitScore,
  })
  .check(
    z.refine((i) => i.end - i.start === i.text.length, {
      error: 'an insight’s end minus start must equal the length of its text',
    }),
  );
export type Insight = z.infer<typeof Insight>;

export const Analysis = z.object({
  /** the dimensions that clearly apply, strongest first */
  business_dimensions: z.array(Dimension).check(
    z.refine((dims) => new Set(dims).size === dims.length, { error: 'business_dimensions must not repeat a dimension' }),
  ),
  /** every dimension's score, 0..1 */
  dimension_scores: z.record(Dimension, unitScore),
  relevance_score: unitScore,
  key_insights: z.array(Insight).check(z.maxLength(MAX_KEY_INSIGHTS)),
});
export type Analysis = z.infer<typeof Analysis>;
