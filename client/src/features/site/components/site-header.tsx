import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { memo, Suspense } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { useRouteLink } from '../../../lib/use-route-link';
import { selectUser } from '../../../lib/session/session-slice';
import { useEndSession } from '../../../lib/session/use-end-session';
import { useScreenShare } from '../../../lib/screen-share/use-screen-share';
import { CurrencySelector } from './currency-selector';
import classes from './site-header.module.css';

/** Memoised: the frame re-renders when the site configuration arrives, the header has nothing to show from it. */
export const SiteHeader = memo(function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const link = useRouteLink();
  const user = useAppSelector(selectUser);
  const endSession = useEndSession();
  // Screen-share mode never shows the account's e-mail address.
  const { hidesPrivateData } = useScreenShare();
  const userName = user ? user.firstName || (hidesPrivateData ? 'Account' : user.email) : '';

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
  const accountLinks = user ? [{ label: 'My draws', to: link('draws') }, { label: 'Account', to: link('accountEdit') }, ...(user.isAdmin ? [{ label: 'Admin console', to: link('admin') }] : [])] : [];
  const logOut = () => {
    close();
    void endSession('true');
  };
  const accountActions = user ? (
    <>
      {/* A shortcut where the header has room; the menu holds it too. */}
      <Button component={Link} to={link('draws')} onClick={close} visibleFrom="lg">
        My draws
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconUserCircle size={18} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`Account menu, ${userName}`}
            maw={200}
            px="sm"
          >
            {/* Below lg the header is full: the icons alone open the menu, which names the user. */}
            <Text span size="sm" fw={500} truncate="end" visibleFrom="lg">
              {userName}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {!hidesPrivateData && <Menu.Label>{user.email}</Menu.Label>}
          {accountLinks.map((item) => (
            <Menu.Item key={item.to} component={Link} to={item.to}>
              {item.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={logOut}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
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
  const mobileAccountActions = user ? (
    <Stack gap="xs">
      {accountLinks.map((item) => (
        <Anchor key={item.to} component={Link} to={item.to} onClick={close} className={classes.drawerLink} underline="never">
          {item.label}
        </Anchor>
      ))}
      <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={logOut} mt="xs">
        Log out
      </Button>
    </Stack>
  ) : (
    <Group grow>{accountActions}</Group>
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={link('home')} className={classes.logo} underline="never" aria-label="FairDraw™ home">
            <Text component="span" fw={800} fz="xl" c="brand.8">
              FairDraw™
            </Text>
          </Anchor>
          <Group component="nav" aria-label="Main" gap="xs" visibleFrom="md" wrap="nowrap">
            {/* The menus and the drawer hydrate with the page's later parts (Suspense boundaries): their portals mount
                then, not in the task that commits the page, where they made React re-render the header at once. */}
            <Suspense>
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
            </Suspense>
            {primaryLinks.map((item) => (
              <Anchor key={item.label} component={Link} to={item.to} className={classes.link} underline="never">
                {item.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Suspense>
              <CurrencySelector />
            </Suspense>
            <Group gap="xs" visibleFrom="sm" wrap="nowrap">
              {accountActions}
            </Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
          </Group>
        </Group>
      </Container>
      <Suspense>
        <Drawer opened={opened} onClose={close} size="100%" padding="md" title="FairDraw™" hiddenFrom="md" zIndex={1000} closeButtonProps={{ 'aria-label': 'Close navigation' }}>
          <Stack component="nav" aria-label="Mobile" gap="xs">
            {[...generatorLinks, ...primaryLinks].map((item) => (
              <Anchor key={item.label} component={Link} to={item.to} onClick={close} className={classes.drawerLink} underline="never">
                {item.label}
              </Anchor>
            ))}
            <Divider my="sm" />
            {mobileAccountActions}
          </Stack>
        </Drawer>
      </Suspense>
    </Box>
  );
});
