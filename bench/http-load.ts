/** Fixed-duration HTTP load with autocannon, reduced to the figures the bench prints. */
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  seconds: number;
  connections: number;
  /** Requests answered, any status. */
  requests: number;
  /** 2xx answers per second of the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  /** Connection errors and timeouts: requests that got no answer at all. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export interface BenchRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadOptions {
  label: string;
  url: string;
  seconds: number;
  connections: number;
  /** Builds each request; called once per request, so keys and tokens can differ every time. */
  nextRequest: () => BenchRequest;
  /** Requests per second over all connections (autocannon's overallRate); as fast as it goes when unset. */
  ratePerSecond?: number;
  /** POST unless told (the joins); GET for pages. */
  method?: 'GET' | 'POST';
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    // A hard ceiling besides the duration: the bench must stop whatever the server does.
    maxOverallRequests: 2_000_000,
    timeout: 10,
    ...(options.ratePerSecond ? { overallRate: options.ratePerSecond } : {}),
    requests: [
      {
        method: options.method ?? 'POST',
        setupRequest: (request) => {
          const next = options.nextRequest();
          return {
            ...request,
            path: next.path,
            headers: { ...request.headers, ...next.headers },
            body: next.body,
          };
        },
      },
    ],
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stats.count ?? 0;
  return {
    label: options.label,
    seconds: result.duration,
    connections: result.connections,
    requests: result.requests.total,
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
