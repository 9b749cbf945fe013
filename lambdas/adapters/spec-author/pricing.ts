/**
 * Model prices and exact cost arithmetic. Prices are written as providers publish them (USD per
 * 1M input / output tokens) and converted once to integer micro-dollars per 1M tokens; a call's
 * cost is then computed with integer (BigInt) arithmetic and rounded once, to the nearest
 * micro-dollar. No floating-point cost is ever summed, so usage totals add up exactly
 * (contract "Usage": many calls of a fraction of a cent).
 */
import * as z from 'zod';

export interface ModelPrice {
  /** USD per 1,000,000 input tokens. */
  inputUsdPerMillion: number;
  /** USD per 1,000,000 output tokens. */
  outputUsdPerMillion: number;
}

/** Model id -> price. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/**
 * On-demand list prices (us-east-1) of models that write specs well. Cross-region inference
 * profiles (`us.`, `eu.`, `global.` ... prefixes) are looked up under the base model id; their
 * prices are the same or within a few percent. Anything not listed costs 0 (see priceFor).
 */
export const DEFAULT_PRICES: PriceTable = {
  // Bedrock: Anthropic
  'anthropic.claude-sonnet-4-5-20250929-v1:0': { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  'anthropic.claude-sonnet-4-20250514-v1:0': { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  'anthropic.claude-3-7-sonnet-20250219-v1:0': { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  'anthropic.claude-3-5-sonnet-20241022-v2:0': { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  'anthropic.claude-3-5-sonnet-20240620-v1:0': { inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  'anthropic.claude-haiku-4-5-20251001-v1:0': { inputUsdPerMillion: 1, outputUsdPerMillion: 5 },
  'anthropic.claude-3-5-haiku-20241022-v1:0': { inputUsdPerMillion: 0.8, outputUsdPerMillion: 4 },
  'anthropic.claude-3-haiku-20240307-v1:0': { inputUsdPerMillion: 0.25, outputUsdPerMillion: 1.25 },
  'anthropic.claude-opus-4-1-20250805-v1:0': { inputUsdPerMillion: 15, outputUsdPerMillion: 75 },
  'anthropic.claude-opus-4-20250514-v1:0': { inputUsdPerMillion: 15, outputUsdPerMillion: 75 },
  // Bedrock: Amazon Nova
  'amazon.nova-premier-v1:0': { inputUsdPerMillion: 2.5, outputUsdPerMillion: 12.5 },
  'amazon.nova-pro-v1:0': { inputUsdPerMillion: 0.8, outputUsdPerMillion: 3.2 },
  'amazon.nova-lite-v1:0': { inputUsdPerMillion: 0.06, outputUsdPerMillion: 0.24 },
  'amazon.nova-micro-v1:0': { inputUsdPerMillion: 0.035, outputUsdPerMillion: 0.14 },
  // Bedrock: Meta, Mistral
  'meta.llama3-3-70b-instruct-v1:0': { inputUsdPerMillion: 0.72, outputUsdPerMillion: 0.72 },
  'meta.llama3-1-70b-instruct-v1:0': { inputUsdPerMillion: 0.72, outputUsdPerMillion: 0.72 },
  'mistral.mistral-large-2407-v1:0': { inputUsdPerMillion: 2, outputUsdPerMillion: 6 },
  // OpenAI (api.openai.com); self-hosted models are free unless configured (parsePriceTable).
  'gpt-4.1': { inputUsdPerMillion: 2, outputUsdPerMillion: 8 },
  'gpt-4.1-mini': { inputUsdPerMillion: 0.4, outputUsdPerMillion: 1.6 },
  'gpt-4.1-nano': { inputUsdPerMillion: 0.1, outputUsdPerMillion: 0.4 },
  'gpt-4o': { inputUsdPerMillion: 2.5, outputUsdPerMillion: 10 },
  'gpt-4o-mini': { inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 },
};

const MICROS_PER_USD = 1_000_000;
const TOKENS_PER_PRICE_UNIT = 1_000_000n;

/**
 * A price as integer micro-dollars per 1M tokens ($3/M -> 3_000_000). Throws for a price that
 * is negative, not finite, or finer than a micro-dollar per 1M tokens, since such a price could
 * not be applied exactly.
 */
export function microsPerMillion(usdPerMillion: number): bigint {
  const scaled = usdPerMillion * MICROS_PER_USD;
  const rounded = Math.round(scaled);
  // Decimal prices like 0.035 are not exact in binary; accept what rounds back within float noise.
  if (!Number.isFinite(usdPerMillion) || usdPerMillion < 0 || Math.abs(scaled - rounded) > 1e-6 || !Number.isSafeInteger(rounded)) {
    throw new Error(`Invalid price ${usdPerMillion} USD per 1M tokens (at most 6 decimals, not negative)`);
  }
  return BigInt(rounded);
}

/**
 * The exact cost of a call in micro-dollars: tokens * (micro-dollars per 1M tokens) / 1M,
 * input and output summed before the one rounding (half up), so the only loss is under half a
 * micro-dollar per call. Example: 1234 input tokens at $3/M = 3702 micro-dollars.
 */
export function costMicros(price: ModelPrice, inputTokens: number, outputTokens: number): number {
  const picoDollars =
    BigInt(nonNegativeInt(inputTokens)) * microsPerMillion(price.inputUsdPerMillion) +
    BigInt(nonNegativeInt(outputTokens)) * microsPerMillion(price.outputUsdPerMillion);
  const micros = (picoDollars + TOKENS_PER_PRICE_UNIT / 2n) / TOKENS_PER_PRICE_UNIT;
  return Number(micros);
}

function nonNegativeInt(n: number): number {
  // Providers report integers; a missing or odd count must not poison the arithmetic.
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Removes a cross-region inference profile prefix or an ARN path, leaving the base model id. */
export function baseModelId(modelId: string): string {
  const afterArn = modelId.includes('/') ? modelId.slice(modelId.lastIndexOf('/') + 1) : modelId;
  return afterArn.replace(/^(us|us-gov|eu|apac|jp|au|ca|global)\./, '');
}

/**
 * The price of a model: the given table first, then the defaults, each by exact id and then by
 * base model id. An unknown model (a self-hosted one, or a Bedrock model added later) costs 0:
 * we would rather under-report cost than refuse to work, and usage still records its tokens, so
 * its cost can be recomputed once a price is configured.
 */
export function priceFor(model: string, table: PriceTable = {}): ModelPrice | undefined {
  const base = baseModelId(model);
  return table[model] ?? table[base] ?? DEFAULT_PRICES[model] ?? DEFAULT_PRICES[base];
}

/** The cost of a call of `model`, 0 when its price is unknown (see priceFor). */
export function costOf(model: string, inputTokens: number, outputTokens: number, table?: PriceTable): number {
  const price = priceFor(model, table);
  return price ? costMicros(price, inputTokens, outputTokens) : 0;
}

const PriceTableSchema = z.record(
  z.string().min(1),
  z.strictObject({ inputUsdPerMillion: z.number().nonnegative(), outputUsdPerMillion: z.number().nonnegative() }),
);

/**
 * Parses a price table from configuration (JSON, e.g. an environment variable):
 * `{"my-model": {"inputUsdPerMillion": 0.5, "outputUsdPerMillion": 1.5}}`. Throws with the
 * problem for anything else, so bad configuration fails at start.
 */
export function parsePriceTable(json: string | undefined): PriceTable {
  if (json === undefined || json.trim() === '') return {};
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('Invalid price table: not JSON');
  }
  const parsed = PriceTableSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid price table: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  for (const price of Object.values(parsed.data)) {
    microsPerMillion(price.inputUsdPerMillion);
    microsPerMillion(price.outputUsdPerMillion);
  }
  return parsed.data;
}
