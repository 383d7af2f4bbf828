/**
 * The pseudo-locale's catalogs (docs/languages.md): the English one, made pseudo as it loads.
 * Both by `import()`: a page in a real language downloads neither the transform nor this language.
 */
export async function pseudoOf<T>(english: Promise<{ default: T }>): Promise<{ default: T }> {
  const [{ default: words }, { pseudoWords }] = await Promise.all([english, import('./texts/pseudo.ts')]);
  return { default: pseudoWords(words) };
}
