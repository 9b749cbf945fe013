/** The bench's load generator: autocannon at a fixed concurrency for a fixed time, summarized. */
import autocannon from 'autocannon';

export const CONNECTIONS = 20;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface LoadRequest {
  method?: 'GET' | 'POST';
  body?: string;
  /** A body per connection (connection i sends `bodyOf(i)` every time), instead of `body`. */
  bodyOf?: (connection: number) => string;
}

export async function load(url: string, headers: Record<string, string> = {}, request: LoadRequest = {}): Promise<LoadResult> {
  const { bodyOf, ...shared } = request;
  let connection = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    ...shared,
    ...(bodyOf ? { setupClient: (client: autocannon.Client) => client.setBody(bodyOf(connection++)) } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** a / b to three decimals. */
export const ratio = (a: number, b: number): number => Math.round((a / b) * 1000) / 1000;
