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
  /** Each answered request's time (ms) is pushed here, so several runs can be told as one (combineLoads). */
  latencySink?: number[];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const sink = options.latencySink;
  const settings: autocannon.Options = {
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
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(settings, (error, done) => (error ? reject(error) : resolve(done)));
    if (sink)
      instance.on('response', (_client, _status, _bytes, responseTimeMs) => sink.push(responseTimeMs));
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

/**
 * Several runs of one kind told as one: their requests and seconds added up, and p50/p99/max read
 * from every request's time (each run's `latencySink`), not averaged from each run's percentiles.
 */
export function combineLoads(label: string, loads: readonly LoadResult[], latenciesMs: number[]): LoadResult {
  const sum = (pick: (load: LoadResult) => number) => loads.reduce((total, load) => total + pick(load), 0);
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const percentile = (p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const seconds = sum((load) => load.seconds);
  const statusCodes: Record<string, number> = {};
  for (const load of loads)
    for (const [code, count] of Object.entries(load.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  return {
    label,
    seconds,
    connections: loads[0]?.connections ?? 0,
    requests: sum((load) => load.requests),
    requestsPerSecond: seconds > 0 ? sum((load) => load.requestsPerSecond * load.seconds) / seconds : 0,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    maxMs: sorted.at(-1) ?? 0,
    non2xx: sum((load) => load.non2xx),
    errors: sum((load) => load.errors),
    timeouts: sum((load) => load.timeouts),
    statusCodes,
  };
}
