import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * JSON lines (pino) for log collectors, one per event, each line of a request with its reqId; in
 * development on a terminal (or with LOG_PRETTY=true) the same lines made readable by pino-pretty.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (!config.logPretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
