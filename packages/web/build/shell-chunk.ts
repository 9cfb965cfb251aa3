import type { Rollup } from 'vite';

/**
 * The signed-in app's frame in one chunk (issue 10: mobile Lighthouse on home and the trial balance).
 *
 * Rollup splits the code of the lazily loaded layouts into one chunk per set of lazy parts that share a module: the
 * clinic layout, its menus, Radix, floating-ui, the tRPC client, one icon or hook each, about thirty files of 1-10
 * KB that a signed-in page fetched before its first paint. Over HTTP/1.1 a phone opens six connections to the
 * server, so they came in waves of six, a round trip each (150 ms on Lighthouse's slow 4G): about 1.5 s of the
 * largest paint's 3.5-3.7 s. Rollup's own merging of small chunks (experimentalMinChunkSize) cannot join them: it
 * only merges where no lazy part would load code it did not load before.
 *
 * Here every module the layouts, the page frame, the tRPC client and the tooltip provider import statically goes
 * into one chunk 'shell' (with `onlyExplicitManualChunks`, so nothing else is pulled along), except what the entry
 * (the login page) already has. Every signed-in page renders inside a layout, so a page that shares a module with
 * the shell loads nothing it would not have loaded anyway; the login page does not load the shell at all
 * (checked after the build: {@link checkEntryWithoutShell}).
 *
 * Which module depends on which is read from Rollup's module graph, following named imports through re-exporting
 * index files ('lucide-react', '@klinik/shared') to the module that defines the name, as Rollup itself does: a
 * layout that imports one icon from 'lucide-react' depends on that icon, not on every icon the index re-exports.
 */

/** The estree nodes read here (Rollup's ModuleInfo.ast), loosely typed. */
interface AstNode {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: {
    type: string;
    local?: { name?: string; value?: unknown };
    imported?: { name?: string; value?: unknown };
    exported?: { name?: string; value?: unknown };
  }[];
  exported?: { name?: string; value?: unknown } | null;
}

const nameOf = (n: { name?: string; value?: unknown } | undefined): string =>
  n ? (n.name ?? (typeof n.value === 'string' ? n.value : '')) : '';

interface ModuleIndex {
  info: Rollup.ModuleInfo;
  body: AstNode[];
  /** Import/export source text -> resolved module id. */
  idOf: Map<string, string>;
}

export function dependencyReader(getModuleInfo: Rollup.GetModuleInfo) {
  const cache = new Map<string, ModuleIndex | null>();

  function index(id: string): ModuleIndex | null {
    if (cache.has(id)) return cache.get(id)!;
    const info = getModuleInfo(id);
    let out: ModuleIndex | null = null;
    if (info && !info.isExternal) {
      const body = (info.ast as unknown as { body?: AstNode[] } | null)?.body ?? [];
      // Rollup lists a module's static imports (importedIds) in the order their sources first appear.
      const sources: string[] = [];
      for (const node of body) {
        const isImportExport =
          node.type === 'ImportDeclaration' ||
          node.type === 'ExportAllDeclaration' ||
          (node.type === 'ExportNamedDeclaration' && node.source);
        const source = node.source?.value;
        if (isImportExport && typeof source === 'string' && !sources.includes(source)) sources.push(source);
      }
      const idOf = new Map<string, string>();
      if (sources.length === info.importedIds.length) sources.forEach((s, i) => idOf.set(s, info.importedIds[i]));
      out = { info, body, idOf };
    }
    cache.set(id, out);
    return out;
  }

  const included = (id: string) => getModuleInfo(id)?.isIncluded === true;

  /** Every included module reached through `id`, whatever is used of it (a namespace import or an unknown case). */
  function whole(id: string, out: Set<string>, seen = new Set<string>()): void {
    if (seen.has(id)) return;
    seen.add(id);
    if (included(id)) {
      out.add(id);
      return;
    }
    for (const dep of getModuleInfo(id)?.importedIds ?? []) whole(dep, out, seen);
  }

  /** The included module(s) that define export `name` of module `id`, following re-exports of modules left out. */
  function provider(id: string, name: string, out: Set<string>, seen = new Set<string>()): void {
    const key = `${id}\0${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (included(id)) {
      out.add(id);
      return;
    }
    const m = index(id);
    if (!m) return;
    if (m.idOf.size !== m.info.importedIds.length) {
      whole(id, out);
      return;
    }
    for (const node of m.body) {
      const target = typeof node.source?.value === 'string' ? m.idOf.get(node.source.value) : undefined;
      if (node.type === 'ExportNamedDeclaration') {
        for (const s of node.specifiers ?? []) {
          if (nameOf(s.exported) !== name) continue;
          if (target) provider(target, nameOf(s.local), out, seen);
          else {
            // `import { a } from './x'; export { a }`
            const local = nameOf(s.local);
            for (const imp of m.body) {
              if (imp.type !== 'ImportDeclaration' || typeof imp.source?.value !== 'string') continue;
              const from = m.idOf.get(imp.source.value);
              for (const is of imp.specifiers ?? [])
                if (from && nameOf(is.local) === local)
                  provider(from, is.type === 'ImportSpecifier' ? nameOf(is.imported) : 'default', out, seen);
            }
          }
        }
      } else if (node.type === 'ExportAllDeclaration' && target) {
        if (node.exported) {
          if (nameOf(node.exported) === name) whole(target, out);
        } else if (name !== 'default') {
          const t = getModuleInfo(target);
          if (t?.isIncluded) {
            if (t.exports?.includes(name)) out.add(target);
          } else provider(target, name, out, seen);
        }
      }
    }
  }

  /** The included modules an included module `id` needs statically (its own code's imports, not lazy ones). */
  function dependencies(id: string): Set<string> {
    const out = new Set<string>();
    const m = index(id);
    if (!m) return out;
    if (m.idOf.size !== m.info.importedIds.length) {
      for (const dep of m.info.importedIds) whole(dep, out);
      return out;
    }
    for (const node of m.body) {
      const source = node.source?.value;
      const target = typeof source === 'string' ? m.idOf.get(source) : undefined;
      if (!target) continue;
      if (included(target)) {
        out.add(target);
        continue;
      }
      if (node.type === 'ImportDeclaration') {
        for (const s of node.specifiers ?? []) {
          if (s.type === 'ImportSpecifier') provider(target, nameOf(s.imported), out);
          else if (s.type === 'ImportDefaultSpecifier') provider(target, 'default', out);
          else whole(target, out);
        }
      } else if (node.type === 'ExportNamedDeclaration') {
        for (const s of node.specifiers ?? []) provider(target, nameOf(s.local), out);
      } else whole(target, out);
    }
    return out;
  }

  /** Every included module reached statically from `roots`. */
  function closure(roots: Iterable<string>): Set<string> {
    const seen = new Set<string>();
    const stack = [...roots].filter(included);
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const dep of dependencies(id)) if (!seen.has(dep)) stack.push(dep);
    }
    return seen;
  }

  return { dependencies, closure };
}

export interface ChunkGroup {
  /** The name of the chunk, or of the chunk a module goes to (one group can be cut into chunks that load in parallel). */
  name: string | ((id: string) => string);
  /** Modules whose static imports make the group; `'entries'`: the build's entry modules. */
  root: ((id: string) => boolean) | 'entries';
  /**
   * Leave out what an entry (the login page) already loads statically: the group is then loaded only where its
   * roots are. Without it the roots' dependencies all go into the group (a vendor chunk the entry imports).
   */
  notInEntry?: boolean;
}

/**
 * A manualChunks function (for `output.onlyExplicitManualChunks: true`) that puts each module in the first group
 * that reaches it statically from one of the group's roots; other modules are left to Rollup. One function per
 * build: it reads the module graph at its first call.
 */
export function manualChunkGroups(groups: ChunkGroup[]) {
  let byModule: Map<string, string> | undefined;
  return (id: string, api: Rollup.ManualChunkMeta): string | undefined => {
    if (!byModule) {
      byModule = new Map();
      const all = [...api.getModuleIds()];
      const reader = dependencyReader(api.getModuleInfo);
      const inEntry = reader.closure(all.filter((x) => api.getModuleInfo(x)?.isEntry));
      for (const group of groups) {
        const isRoot = group.root === 'entries' ? (x: string) => !!api.getModuleInfo(x)?.isEntry : group.root;
        for (const m of reader.closure(all.filter(isRoot))) {
          if (byModule.has(m) || (group.notInEntry && inEntry.has(m))) continue;
          byModule.set(m, typeof group.name === 'string' ? group.name : group.name(m));
        }
      }
    }
    return byModule.get(id);
  };
}

/** Fails the build when an entry chunk imports a chunk named `name*` statically (the login page would download it). */
export function checkEntryWithoutShell(name: string): import('vite').Plugin {
  return {
    name: 'klinik-check-entry-without-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shellFiles = Object.values(bundle)
        .filter((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.name.startsWith(name))
        .map((c) => c.fileName);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const bad = chunk.imports.filter((f) => shellFiles.includes(f));
        if (bad.length) this.error(`Entry ${chunk.fileName} imports the ${name} chunk statically (${bad.join(', ')})`);
      }
    },
  };
}
