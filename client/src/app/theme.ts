import { createTheme, type MantineColorsTuple, Modal } from '@mantine/core';

// Shades 6–9 keep white text at 4.5:1 or better, so filled buttons pass the contrast rule.
const brand: MantineColorsTuple = ['#e8f0fe', '#cfdefa', '#9ebcf3', '#6a98ec', '#3f7ae6', '#2467e2', '#1a5bd6', '#124cb8', '#0a3f99', '#03327a'];

// Mantine's "dimmed" text is gray 6; darkened so secondary text still reads at 4.5:1 on white.
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5c636b', '#495057', '#343a40', '#212529'];

// Mantine's error red (shade 6) reads at 3.3:1 on white; these shades keep error text at 4.5:1 or better.
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#e03131', '#c92a2a', '#b02525', '#962020', '#7d1a1a'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, gray, red },
  fontFamily: '"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: '"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  // The spec's mobile breakpoint is 767 px: "sm" starts at 768 px.
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
  // Mantine's close button is an icon alone: without a name a screen reader announces a bare "button" (axe's
  // button-name rule), in every dialog that does not name it itself.
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }) },
});
