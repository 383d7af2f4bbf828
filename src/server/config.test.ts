import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      host: '127.0.0.1',
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names each bad value and why', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://db/x', PUBLIC_URL: 'example.com' }),
    ).toThrow(ConfigError);
    const load = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://db/x' });
    expect(load).toThrow('PORT="70000": must be a whole number from 0 to 65535');
    expect(load).toThrow('DATABASE_URL="mysql://db/x": must be a URL starting with postgres://');
  });

  it('keeps the metrics off unless a long enough METRICS_TOKEN is set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-16-ch' }).metricsToken).toBe('a-token-of-16-ch');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN="short": must be at least 16 characters',
    );
  });

  it('runs one process unless WORKERS says more, and more only on PostgreSQL', () => {
    expect(loadConfig({}).workers).toBe(1);
    const postgres = 'postgres://db/checkn';
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: postgres }).workers).toBe(3);
    for (const value of ['0', '-1', '1.5', 'two'])
      expect(() => loadConfig({ WORKERS: value, DATABASE_URL: postgres })).toThrow(
        `WORKERS="${value}": must be a whole number of at least 1`,
      );
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      "WORKERS=2 needs PostgreSQL (DATABASE_URL): the embedded database's data folder can be opened by one process only.",
    );
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('keeps backups next to the data folder, 14 of them, daily at 3', () => {
    expect(loadConfig({}).backups).toEqual({ dir: './data-backups', keep: 14, hour: 3 });
    expect(loadConfig({ DATA_DIR: '/var/lib/checkn/' }).backups.dir).toBe('/var/lib/checkn-backups');
    expect(loadConfig({ BACKUP_DIR: '/mnt/backups', BACKUP_HOUR: '0' }).backups).toMatchObject({
      dir: '/mnt/backups',
      hour: 0,
    });
    expect(() => loadConfig({ BACKUP_HOUR: '24' })).toThrow('BACKUP_HOUR="24": must be an hour from 0 to 23');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP="0": must be a whole number');
  });

  it("sizes the embedded database's buffer cache for a small server, and takes another size", () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '256MB' }).pgliteSharedBuffers).toBe('256MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '32' })).toThrow(
      'PGLITE_SHARED_BUFFERS="32": must be a size such as 32MB or 256MB',
    );
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '32MB; drop table x' })).toThrow(ConfigError);
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://salon.example/' }).publicUrl).toBe('https://salon.example');
  });
});
