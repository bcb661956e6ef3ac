// The parts of autocannon 8 that the bench calls (bench/*.mjs, bench/scale/*.mjs). autocannon
// ships no types, and @types/autocannon is not among the project's packages: this describes the
// library, not our code, as a package of types would (its options and result as autocannon's
// lib/run.js and lib/aggregateResult.js make them). Replace it with @types/autocannon when that
// is installed.
declare module "autocannon" {
  namespace autocannon {
    /**
     * One request of `requests`. `setupRequest` is called before each send on a connection and
     * returns the request to send; `onResponse` hears its answer. `context` is the connection's
     * own object, shared by both: C is what setupRequest puts there.
     */
    interface Request<C = Record<string, never>> {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (request: Request<C>, context: C) => Request<C>;
      onResponse?: (status: number, body: string, context: C, headers: Record<string, string>) => void;
    }

    interface Options<C = Record<string, never>> {
      url: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds a request may take before it counts as a timeout. */
      timeout?: number;
      headers?: Record<string, string>;
      requests?: Request<C>[];
    }

    /** A histogram's summary (hdr-histogram-percentiles-obj), in the unit of what it counts. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      /** Requests: those completed; throughput: bytes. */
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      url: string;
      connections: number;
      pipelining: number;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Answers by status code ("200", "409", …). */
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: Histogram;
      /** Requests a second (total: completed in the run). */
      requests: Histogram & { sent: number };
      /** Bytes a second. */
      throughput: Histogram;
    }
  }

  function autocannon<C = Record<string, never>>(options: autocannon.Options<C>): Promise<autocannon.Result>;
  export = autocannon;
}
