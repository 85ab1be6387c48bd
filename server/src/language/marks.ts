/** A text without its combining marks ("défaut" → "defaut", "contraseña" → "contrasena"; "ø" stays): how a visitor types it without accents. */
export const withoutMarks = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
