import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { useRouteLink } from '../../../app/use-route-link';
import { selectUser } from '../../accounts/session-slice';
import classes from './site-header.module.css';

export function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const link = useRouteLink();
  const user = useAppSelector(selectUser);

  const primaryLinks = [
    { label: 'How it works', to: link('compliance') },
    { label: 'Pricing', to: link('home', { query: { pricing: 'true' } }) },
    { label: 'Look up a draw', to: link('lookup') },
    { label: 'FAQs', to: link('faqs') },
  ];
  const generatorLinks = [
    { label: 'Random number generator', to: link('randomNumberGenerator') },
    { label: 'Random sequence generator', to: link('randomSequenceGenerator') },
  ];
  const accountActions = user ? (
    <Button component={Link} to={link('draws')} onClick={close}>
      My draws
    </Button>
  ) : (
    <>
      <Button component={Link} to={link('login')} variant="default" onClick={close}>
        Log in
      </Button>
      <Button component={Link} to={link('register')} onClick={close}>
        Sign up
      </Button>
    </>
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={link('home')} className={classes.logo} underline="never" aria-label="FairDraw home">
            <Text component="span" fw={800} fz="xl" c="brand.8">
              FairDraw™
            </Text>
          </Anchor>
          <Group component="nav" aria-label="Main" gap="xs" visibleFrom="sm" wrap="nowrap">
            <Menu trigger="click-hover" openDelay={50} closeDelay={150} withinPortal>
              <Menu.Target>
                <UnstyledButton className={classes.link}>
                  <Group gap={4} wrap="nowrap">
                    Free generators <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {generatorLinks.map((item) => (
                  <Menu.Item key={item.to} component={Link} to={item.to}>
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {primaryLinks.map((item) => (
              <Anchor key={item.label} component={Link} to={item.to} className={classes.link} underline="never">
                {item.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" visibleFrom="sm" wrap="nowrap">
            {accountActions}
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} size="100%" padding="md" title="FairDraw™" hiddenFrom="sm" zIndex={1000} closeButtonProps={{ 'aria-label': 'Close navigation' }}>
        <Stack component="nav" aria-label="Mobile" gap="xs">
          {[...generatorLinks, ...primaryLinks].map((item) => (
            <Anchor key={item.label} component={Link} to={item.to} onClick={close} className={classes.drawerLink} underline="never">
              {item.label}
            </Anchor>
          ))}
          <Divider my="sm" />
          <Group grow>{accountActions}</Group>
        </Stack>
      </Drawer>
    </Box>
  );
}
