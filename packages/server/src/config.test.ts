import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SERVICE_NAMES } from './config.ts';

describe('loadConfig', () => {
  it('runs the embedded default with no variables set: port 8080, SQLite under ./data, demo seeded', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(join(process.cwd(), 'data'));
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.SERVICES).toEqual([...SERVICE_NAMES]);
    expect(config.PASSWORD_HASH_COST).toBe(15);
    expect(config.seedDemo).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one ConfigError', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://root@localhost/vigil' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^\s*PORT: /m);
    expect(message).toMatch(/^\s*DATABASE_URL: must be a postgres:\/\/ URL/m);
  });

  it('takes the weather from the stations within 50 km unless a provider is set (ADR 0026)', () => {
    const config = loadConfig({});
    expect(config.WEATHER_PROVIDER_URL).toBeUndefined();
    expect(config.WEATHER_STATION_RADIUS_KM).toBe(50);
    expect(config.WEATHER_PROVIDER_TIMEOUT_MS).toBe(5000);
    const provider = loadConfig({
      WEATHER_PROVIDER_URL: 'https://api.open-meteo.com/v1/forecast',
      WEATHER_STATION_RADIUS_KM: '12.5',
    });
    expect(provider).toMatchObject({
      WEATHER_PROVIDER_URL: 'https://api.open-meteo.com/v1/forecast',
      WEATHER_STATION_RADIUS_KM: 12.5,
    });
    expect(() => loadConfig({ WEATHER_PROVIDER_URL: 'ftp://weather.example' })).toThrow(/WEATHER_PROVIDER_URL/);
    expect(() => loadConfig({ WEATHER_STATION_RADIUS_KM: '-1' })).toThrow(/WEATHER_STATION_RADIUS_KM/);
  });

  it('takes EARLIEST_READ_AT as a date or a date-time with its zone, 1970 by default (ADR 0008)', () => {
    expect(loadConfig({}).EARLIEST_READ_AT).toBe(0);
    expect(loadConfig({ EARLIEST_READ_AT: '2020-01-01' }).EARLIEST_READ_AT).toBe(Date.parse('2020-01-01T00:00:00Z'));
    expect(loadConfig({ EARLIEST_READ_AT: '2020-01-01T06:00:00+02:00' }).EARLIEST_READ_AT).toBe(
      Date.parse('2020-01-01T04:00:00Z'),
    );
    for (const bad of ['2020-01-01T00:00:00', 'yesterday', '2020-13-01', '1577836800000']) {
      expect(() => loadConfig({ EARLIEST_READ_AT: bad }), bad).toThrow(/EARLIEST_READ_AT: must be an ISO-8601 date/);
    }
  });

  it('trusts no proxy by default, and takes addresses, CIDR ranges and proxy-addr names (ADR 0032)', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('serves HTTPS only with both a certificate and its key, and says so in the public URL (ADR 0043)', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/vigil/cert.pem' })).toThrow(/TLS_KEY_FILE: is required/);
    expect(() => loadConfig({ TLS_KEY_FILE: '/etc/vigil/key.pem' })).toThrow(/TLS_CERT_FILE: is required/);
    const tls = loadConfig({ TLS_CERT_FILE: '/etc/vigil/cert.pem', TLS_KEY_FILE: '/etc/vigil/key.pem', PORT: '8443' });
    expect(tls.PUBLIC_URL).toBe('https://localhost:8443');
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://vigil@db:5432/vigil' }).DATABASE_URL).toBe(
      'postgresql://vigil@db:5432/vigil',
    );
  });

  it('never seeds the demo site in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'on' }).seedDemo).toBe(false);
    expect(loadConfig({ DEMO: 'off' }).seedDemo).toBe(false);
  });

  it('derives PUBLIC_URL from the port and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://vigil.example.com/' }).PUBLIC_URL).toBe('https://vigil.example.com');
  });

  it('keeps executions and snapshots 400 days and notifications 90 by default; 0 or never keeps for ever (ADR 0046)', () => {
    expect(loadConfig({})).toMatchObject({
      RETENTION_RULE_EXECUTIONS_DAYS: 400,
      RETENTION_SNAPSHOTS_DAYS: 400,
      RETENTION_NOTIFICATIONS_DAYS: 90,
    });
    const set = loadConfig({
      RETENTION_RULE_EXECUTIONS_DAYS: '30',
      RETENTION_SNAPSHOTS_DAYS: '0',
      RETENTION_NOTIFICATIONS_DAYS: 'never',
    });
    expect(set).toMatchObject({
      RETENTION_RULE_EXECUTIONS_DAYS: 30,
      RETENTION_SNAPSHOTS_DAYS: null,
      RETENTION_NOTIFICATIONS_DAYS: null,
    });
    for (const bad of ['-1', '1.5', 'forever', '30d'])
      expect(() => loadConfig({ RETENTION_NOTIFICATIONS_DAYS: bad }), bad).toThrow(
        /RETENTION_NOTIFICATIONS_DAYS: must be a whole number/,
      );
  });
});
