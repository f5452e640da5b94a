/** Series colours of the analyses' charts, from the theme's tokens (each adapts to light and dark). */
export const SERIES_COLORS = ['var(--primary)', 'var(--warning-foreground)', 'var(--destructive)', 'var(--muted-foreground)', 'var(--accent-foreground)'] as const;
