import { Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useGetPublicBrandingQuery } from '../../api/certificate-api';
import { DEFAULT_BRANDING, FONT_NAMES } from '../../../../libs/rules/src/index';

/** Loads the draw's branding font (the certificate's TTF) under its own family name; answers the CSS font stack. */
function useBrandFont(font: number, url: string | undefined): string {
  const family = `FairDraw certificate ${font}`;
  useEffect(() => {
    if (!url) return;
    const face = new FontFace(family, `url(${url})`);
    document.fonts.add(face);
    void face.load().catch(() => undefined);
  }, [family, url]);
  return `"${family}", "${FONT_NAMES[font]}", serif`;
}

/**
 * A public page drawn as a preview frame (`?prev=true`): `width` (fw) caps the page's width, `height` (wh or eh) the
 * height of the branded area, which scrolls inside beyond it; `settled` is the frame's settle marker.
 */
export interface PreviewFrame {
  width?: number;
  height?: number;
  settled: boolean;
}

/**
 * The look of a draw's public pages (winners, entry check): the draw's certificate branding (issue 10: colours,
 * borders, font, logo text or top image), the spec's defaults until it loads or when it cannot be had, or without
 * `withBranding` (a preview whose config says hasBranding false, or one that shows no draw). The one place where
 * branding meets these pages.
 */
export function BrandedPage({
  shortCode,
  organisation,
  withBranding = true,
  preview,
  children,
}: {
  shortCode: string;
  organisation?: string;
  withBranding?: boolean;
  preview?: PreviewFrame;
  children: ReactNode;
}) {
  const { data } = useGetPublicBrandingQuery({ shortCode }, { skip: !withBranding });
  const branding = (withBranding ? data?.branding : undefined) ?? DEFAULT_BRANDING;
  const fontFamily = useBrandFont(branding.font, withBranding ? data?.fontUrl : undefined);
  const topImage = withBranding && branding.logoOption === 'image' ? (data?.imageUrls.Top ?? null) : null;
  const capped = preview?.height !== undefined;
  return (
    <Box
      bg={branding.backgroundColour}
      py={{ base: 'md', sm: capped ? 'md' : 40 }}
      // A capped preview scrolls inside its height; a scrolling region is reachable from the keyboard and named.
      style={capped ? { maxHeight: preview.height, overflowY: 'auto' } : { minHeight: '70vh' }}
      tabIndex={capped ? 0 : undefined}
      role={capped ? 'region' : undefined}
      aria-label={capped ? 'Preview of the public page' : undefined}
      data-preview-settled={preview ? String(preview.settled) : undefined}
      data-testid="branded-page"
    >
      <Container size={preview?.width ? undefined : 'md'} maw={preview?.width} px={{ base: 8, sm: 'md' }}>
        <Paper
          radius="md"
          p={{ base: 'md', sm: 'xl' }}
          bg={branding.pageColour}
          c={branding.textColour}
          style={{
            borderTop: branding.borderTopVisible ? `10px solid ${branding.borderTopColour}` : undefined,
            borderBottom: branding.borderBottomVisible ? `10px solid ${branding.borderBottomColour}` : undefined,
          }}
        >
          <Stack gap="lg" style={{ fontFamily }}>
            {(topImage || (branding.logoOption === 'text' && branding.logoText)) && (
              <Center>
                {topImage ? (
                  <img src={topImage} alt={organisation ? `${organisation} logo` : 'Logo'} style={{ maxWidth: '45%', maxHeight: 70 }} />
                ) : (
                  <Text fz={{ base: 22, sm: 28 }} c={branding.logoColour} ta="center" style={{ fontFamily }}>
                    {branding.logoText}
                  </Text>
                )}
              </Center>
            )}
            {organisation && (
              <Text fw={700} tt="uppercase" size="sm" style={{ letterSpacing: 1 }}>
                {organisation}
              </Text>
            )}
            {children}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
