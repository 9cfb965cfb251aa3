import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Initials of a name for avatars ("Putri Ayu Lestari" -> "PA"). */
export function initialsOf(name: string): string {
  const parts = name
    .replace(/^(dr|drg|ns)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}
