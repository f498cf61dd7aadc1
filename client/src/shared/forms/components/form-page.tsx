import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './forms.module.css';

/** The frame of a single-form page (log in, sign up, passwords): one heading, one card, readable from 360 px. */
export function FormPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size={480} px="md" py={{ base: 24, sm: 56 }} className={classes.contrast}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {intro && <Text c="dimmed">{intro}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The class that keeps error text readable (see forms.module.css), for pages laid out without FormPage. */
export const formContrastClass = classes.contrast;
