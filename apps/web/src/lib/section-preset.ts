import { createContext, useContext } from 'react';

/**
 * The filter a section opens with when a link asked for it (a Today tile:
 * `/admin/dashboard?section=products&stock=low`); empty when the section was chosen from the side
 * navigation. Sections read it once, for their first state.
 */
export const SectionPresetContext = createContext<URLSearchParams>(new URLSearchParams());

/** The preset value `name` when it is one of `allowed`, else null. */
export function useSectionPreset<T extends string>(name: string, allowed: readonly T[]): T | null {
  const value = useContext(SectionPresetContext).get(name);
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}
