declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    non2xx: number;
    timeouts: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    body?: string;
    requests?: Array<{
      method?: string;
      path?: string;
      /** Called before each request: may change its path (a unique URL per request). */
      setupRequest?: (req: { path: string }) => { path: string };
    }>;
    headers?: Record<string, string>;
  };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
