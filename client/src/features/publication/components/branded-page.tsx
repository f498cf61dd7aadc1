import { Box, Container, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The look of a draw's public pages (winners, entry check). The spec's default branding (part 2 §3): #333333
 * borders, #DDDDDD background, #FFFFFF page, #111111 text. This is the one place where a draw's own branding (the
 * certificate branding of issue 10) is applied: pass it in `branding` and both public pages follow.
 */
export interface PublicBranding {
  borderTopColour: string;
  borderBottomColour: string;
  backgroundColour: string;
  pageColour: string;
  textColour: string;
  fontFamily?: string;
}

export const DEFAULT_BRANDING: PublicBranding = {
  borderTopColour: '#333333',
  borderBottomColour: '#333333',
  backgroundColour: '#DDDDDD',
  pageColour: '#FFFFFF',
  textColour: '#111111',
};

export function BrandedPage({ branding = DEFAULT_BRANDING, organisation, children }: { branding?: PublicBranding; organisation?: string; children: ReactNode }) {
  return (
    <Box bg={branding.backgroundColour} py={{ base: 'md', sm: 40 }} style={{ minHeight: '70vh' }}>
      <Container size="md" px={{ base: 8, sm: 'md' }}>
        <Paper
          radius="md"
          p={{ base: 'md', sm: 'xl' }}
          bg={branding.pageColour}
          c={branding.textColour}
          style={{ borderTop: `8px solid ${branding.borderTopColour}`, borderBottom: `8px solid ${branding.borderBottomColour}`, fontFamily: branding.fontFamily }}
        >
          <Stack gap="lg">
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
