/**
 * The image cannot be built on these machines (no Docker), so the Dockerfile, compose.yaml and
 * the deploy docs are checked as text against what the project really uses: CI's install command,
 * package.json's engines and build, the files the server reads at run time, config.ts's variables.
 * A renamed variable, a Node upgrade or a new runtime folder that misses the image turns this red.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Instruction = { keyword: string; args: string };
type Stage = { image: string; name: string | undefined; instructions: Instruction[] };

/** The Dockerfile's stages: continuation lines joined, comments dropped. */
function dockerfileStages(text: string): Stage[] {
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
    }
  }
  return stages;
}

type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };

/** Enough YAML for compose.yaml: block maps, lists of scalars, quoted or flow scalars as text. */
function parseYaml(text: string): { [key: string]: YamlValue } {
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*#/.test(line))
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  const scalar = (raw: string) => {
    const value = /^["']/.test(raw) ? raw : raw.replace(/\s+#.*$/, '');
    return value.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  };
  let index = 0;
  function block(indent: number): YamlValue {
    if (lines[index]?.text.startsWith('- ')) {
      const list: YamlValue[] = [];
      while (index < lines.length && lines[index]!.indent === indent && lines[index]!.text.startsWith('- ')) {
        list.push(scalar(lines[index]!.text.slice(2).trim()));
        index++;
      }
      return list;
    }
    const map: { [key: string]: YamlValue } = {};
    while (index < lines.length && lines[index]!.indent === indent) {
      const [, key = '', rest = ''] = /^([^:]+):\s*(.*)$/.exec(lines[index]!.text) ?? [];
      index++;
      if (rest !== '') map[key] = scalar(rest);
      else if (index < lines.length && lines[index]!.indent > indent) map[key] = block(lines[index]!.indent);
      else map[key] = {};
    }
    return map;
  }
  return block(0) as { [key: string]: YamlValue };
}

const asMap = (value: YamlValue | undefined) => (value ?? {}) as { [key: string]: YamlValue };
const asList = (value: YamlValue | undefined) => (value ?? []) as string[];

/** The variables config.ts's schema reads: the keys of `envSchema = z.object({ … })`. */
function configVariables(): Set<string> {
  const source = read('src/server/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start).toBeGreaterThan(-1);
  const names = [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
  expect(names).toContain('DATABASE_URL');
  return new Set(names);
}

/** NAME=value lines of a .env file, or of the ```dotenv blocks of a Markdown page. */
function envFileNames(text: string): string[] {
  return [...text.matchAll(/^\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

const stages = dockerfileStages(read('Dockerfile'));
const runtime = stages.at(-1)!;
const compose = parseYaml(read('compose.yaml'));
const services = asMap(compose.services);
const app = asMap(services.app);
const appEnvironment = asMap(app.environment) as Record<string, string>;

describe('Dockerfile', () => {
  it("builds on the Node major of package.json's engines (and .nvmrc's, when there is one)", () => {
    const engines = JSON.parse(read('package.json')).engines.node as string;
    const major = semver.minVersion(engines)!.major;
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.image).toMatch(new RegExp(`^node:${major}[.-]`));
    if (existsSync(path.join(ROOT, '.nvmrc'))) expect(semver.coerce(read('.nvmrc'))!.major).toBe(major);
  });

  it('installs with the command CI uses, then builds with npm run build', () => {
    const ciInstall = /^npm (?:install|ci)\b.*$/m.exec(read('.ci/run'))?.[0];
    expect(ciInstall).toBeDefined();
    const build = stages[0]!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(build).toContain(ciInstall);
    expect(build).toContain('npm run build');
    expect(build.indexOf(ciInstall!)).toBeLessThan(build.indexOf('npm run build'));
    expect(JSON.parse(read('package.json')).scripts.build).toMatch(/tsc -p tsconfig\.server\.json/);
  });

  it('runs the built server directly, as a user other than root', () => {
    const users = runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const cmd = runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)!.args;
    expect(JSON.parse(cmd)).toEqual(['node', '--enable-source-maps', 'dist/server/main.js']);
    // tsconfig.server.json compiles src/server/main.ts to dist/server/main.js.
    expect(existsSync(path.join(ROOT, 'src/server/main.ts'))).toBe(true);
    expect(read('tsconfig.server.json')).toMatch(/"outDir": "dist"/);
  });

  it('checks health on the liveness endpoint, on the port it exposes and compose gives it', () => {
    const healthcheck = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args;
    expect(healthcheck).toContain("'/api/health/live'");
    // Exec form (no shell in the way): valid JSON, run by the image's own Node.
    const command = JSON.parse(healthcheck.replace(/^.*?\bCMD\s+/, '')) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    const exposed = runtime.instructions.find((i) => i.keyword === 'EXPOSE')!.args;
    expect(healthcheck).toContain(`process.env.PORT||${exposed}`);
    expect(appEnvironment.PORT).toBe(exposed);
    expect(read('deploy/Caddyfile')).toMatch(new RegExp(`reverse_proxy app:${exposed}\\b`));
  });

  it('copies every folder the server reads at run time into the image, and .dockerignore keeps them', () => {
    // `new URL('../../../migrations/', import.meta.url)` and the like: resolved from the source file,
    // the same depth as the built one (src/… → dist/…); files under src are compiled into dist.
    const runtimeFolders = new Set(['dist', 'node_modules', 'package.json']);
    const serverFiles = readdirSync(path.join(ROOT, 'src/server'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    for (const file of serverFiles) {
      for (const match of readFileSync(file, 'utf8').matchAll(/new URL\('([^']+)', import\.meta\.url\)/g)) {
        const target = path.relative(ROOT, path.resolve(path.dirname(file), match[1]!));
        const top = target.split(path.sep)[0]!;
        if (top !== 'src') runtimeFolders.add(top);
      }
    }
    expect(runtimeFolders).toContain('migrations');
    expect(runtimeFolders).toContain('assets');
    const copied = runtime.instructions
      .filter((i) => i.keyword === 'COPY')
      .map((i) => /\/app\/(\S+) /.exec(i.args)?.[1]);
    expect(copied.sort()).toEqual([...runtimeFolders].sort());

    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    for (const folder of ['node_modules', 'dist', 'data', '.git', '.env']) expect(ignored).toContain(folder);
    for (const folder of runtimeFolders)
      if (!['dist', 'node_modules'].includes(folder)) expect(ignored).not.toContain(folder);
  });
});

describe('compose.yaml', () => {
  it('runs the app, PostgreSQL with its data in a volume, and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'caddy', 'postgres']);
    expect(app.build).toBe('.');

    const postgres = asMap(services.postgres);
    expect(postgres.image).toMatch(/^postgres:\d+/);
    const dataVolume = asList(postgres.volumes).find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(dataVolume).toBeDefined();
    expect(Object.keys(asMap(compose.volumes))).toContain(dataVolume!.split(':')[0]);
    expect(asMap(postgres.healthcheck).test).toContain('pg_isready');
    expect(asMap(asMap(app.depends_on).postgres).condition).toBe('service_healthy');

    const caddy = asMap(services.caddy);
    expect(caddy.image).toMatch(/^caddy:2/);
    expect(asList(caddy.ports)).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(asList(caddy.volumes)).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(read('deploy/Caddyfile')).toMatch(/^\{\$DOMAIN\} \{/m);
    // Only Caddy reaches the app, which is what TRUST_PROXY=1 relies on.
    expect(app.ports).toBeUndefined();
  });

  it('points the app at the postgres service, listens beyond loopback and names its public https URL', () => {
    // ${POSTGRES_PASSWORD:?…} is compose's to fill in.
    const database = new URL(appEnvironment.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'password'));
    expect(database.protocol).toBe('postgres:');
    expect(database.hostname).toBe('postgres');
    const postgresEnvironment = asMap(asMap(services.postgres).environment);
    expect(database.username).toBe(postgresEnvironment.POSTGRES_USER);
    expect(database.pathname).toBe(`/${postgresEnvironment.POSTGRES_DB}`);
    expect(appEnvironment.HOST).toBe('0.0.0.0');
    expect(appEnvironment.PUBLIC_URL).toMatch(/^https:\/\/\$\{DOMAIN[:}]/);
    expect(appEnvironment.TRUST_PROXY).toBe('1');
  });

  it("gives the app only variables config.ts reads, and .env.example and the docs' examples too", () => {
    const known = configVariables();
    for (const name of Object.keys(appEnvironment)) {
      expect(known, `compose.yaml's app sets ${name}`).toContain(name);
    }
    // What compose.yaml itself reads from .env (DOMAIN, POSTGRES_PASSWORD) is not the app's.
    const composeReads = new Set(
      [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!),
    );
    const examples = [
      ...envFileNames(read('.env.example')).map((name) => ({ name, where: '.env.example' })),
      ...[...read('docs/deploy.md').matchAll(/^\s*```dotenv\n([\s\S]*?)^\s*```/gm)].flatMap((block) =>
        envFileNames(block[1]!).map((name) => ({ name, where: 'docs/deploy.md' })),
      ),
    ];
    expect(examples.filter(({ where }) => where === 'docs/deploy.md').length).toBeGreaterThan(0);
    for (const { name, where } of examples) {
      if (!composeReads.has(name)) expect(known, `${where} names ${name}`).toContain(name);
    }
    expect([...composeReads].sort()).toEqual(['DOMAIN', 'POSTGRES_PASSWORD']);
  });
});
