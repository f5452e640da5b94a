import { Building2, KeyRound, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ThemeSwitch } from '@/components/theme/theme-switch';
import { Logo } from '@/components/ui/logo';
import { Separator } from '@/components/ui/separator';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { PAGE_DESCRIPTIONS } from '@/config/page-descriptions';
import { FALLBACK_NAV_ICON, NAV_ICONS } from '@/components/layouts/nav-icons';

export interface NavSection {
  title: string;
  items: readonly { path: string; label: string }[];
}

export interface LayoutUser {
  name: string;
  roleLabel: string;
  unitName: string | null;
}

interface AppLayoutProps {
  sections: readonly NavSection[];
  /** A count shown beside a menu item (by path), e.g. the pending requests on /ponto/admin; nothing for 0. */
  badges?: Readonly<Record<string, number>>;
  /** What a badge says to a screen reader, by path ('Correio: 2 conversas não lidas'); '<label>: N pendentes' otherwise. */
  badgeLabels?: Readonly<Record<string, (count: number) => string>>;
  user: LayoutUser;
  changePasswordPath: string;
  onSignOut: () => void;
  /** Controls at the right end of the top bar (the notifications bell). */
  headerActions?: ReactNode;
  children: ReactNode;
}

/** The user's unit in one wording wherever the frame shows it (sidebar and top bar); the home page's warning says the same. */
function unitLabel(unitName: string | null): string {
  return unitName ? `Unidade: ${unitName}` : 'Nenhuma unidade selecionada';
}

function NavMenu({ sections, badges, badgeLabels }: Pick<AppLayoutProps, 'sections' | 'badges' | 'badgeLabels'>) {
  const { isMobile, setOpenMobile } = useSidebar();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Menu principal">
      {sections.map((section) => (
        <SidebarGroup key={section.title}>
          <SidebarGroupLabel>{section.title}</SidebarGroupLabel>
          <SidebarMenu>
            {section.items.map((item) => {
              const Icon = NAV_ICONS[item.path] ?? FALLBACK_NAV_ICON;
              const count = badges?.[item.path] ?? 0;
              return (
                <SidebarMenuItem key={item.path}>
                  <SidebarMenuButton asChild isActive={pathname === item.path} tooltip={item.label} description={PAGE_DESCRIPTIONS[item.path]}>
                    <NavLink to={item.path} end onClick={() => isMobile && setOpenMobile(false)}>
                      <Icon aria-hidden="true" />
                      <span>{item.label}</span>
                    </NavLink>
                  </SidebarMenuButton>
                  {/* Beside the link, not inside it: the item's name stays its label; the count has its own words. */}
                  {count > 0 ? (
                    <span
                      data-testid={`nav-badge-${item.path}`}
                      role="status"
                      aria-label={badgeLabels?.[item.path]?.(count) ?? `${item.label}: ${count} pendentes`}
                      className="pointer-events-none absolute top-1.5 right-1 rounded-full bg-destructive px-1.5 text-xs leading-5 font-semibold text-white tabular-nums group-data-[collapsible=icon]:hidden"
                    >
                      {count}
                    </span>
                  ) : null}
                </SidebarMenuItem>
              );
            })}
          </SidebarMenu>
        </SidebarGroup>
      ))}
    </nav>
  );
}

function UserPanel({ user, changePasswordPath, onSignOut }: Omit<AppLayoutProps, 'sections' | 'badges' | 'headerActions' | 'children'>) {
  const { state, isMobile } = useSidebar();
  const collapsed = state === 'collapsed' && !isMobile;
  return (
    <div className="flex flex-col gap-2">
      {collapsed ? null : (
        <div className="grid gap-0.5 rounded-md bg-background/60 px-2 py-2 text-sm">
          <span className="truncate font-medium" data-testid="sidebar-user-name">
            {user.name}
          </span>
          <span className="truncate text-xs text-muted-foreground" data-testid="sidebar-user-role">
            {user.roleLabel}
          </span>
          <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
            <Building2 aria-hidden="true" className="size-3" />
            {unitLabel(user.unitName)}
          </span>
        </div>
      )}
      {collapsed ? null : <ThemeSwitch className="self-start" />}
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton asChild tooltip="Alterar Senha">
            <Link to={changePasswordPath}>
              <KeyRound aria-hidden="true" />
              <span>Alterar Senha</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
        <SidebarMenuItem>
          <SidebarMenuButton tooltip="Sair" onClick={onSignOut}>
            <LogOut aria-hidden="true" />
            <span>Sair</span>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </div>
  );
}

/** The signed-in frame: sidebar (menu, theme, user, unit, Alterar Senha, Sair) and the page. */
export function AppLayout({ sections, badges, badgeLabels, user, changePasswordPath, onSignOut, headerActions, children }: AppLayoutProps) {
  return (
    <TooltipProvider delayDuration={700} skipDelayDuration={300}>
    <SidebarProvider>
      <Sidebar>
        <SidebarHeader className="h-14 justify-center border-b border-sidebar-border px-3 group-data-[collapsible=icon]:px-2">
          <Link to="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label="Início">
            <Logo className="group-data-[collapsible=icon]:[&>span:last-child]:hidden" />
          </Link>
        </SidebarHeader>
        <SidebarContent>
          <NavMenu sections={sections} badges={badges} badgeLabels={badgeLabels} />
        </SidebarContent>
        <Separator className="bg-sidebar-border" />
        <SidebarFooter>
          <UserPanel user={user} changePasswordPath={changePasswordPath} onSignOut={onSignOut} />
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur">
          <SidebarTrigger />
          <Separator orientation="vertical" className="mx-1 h-5!" />
          <span className="truncate text-sm text-muted-foreground">
            {unitLabel(user.unitName)}
          </span>
          {headerActions ? <div className="ml-auto flex items-center gap-1">{headerActions}</div> : null}
        </header>
        <div className="flex-1 p-4 md:p-8">{children}</div>
      </SidebarInset>
    </SidebarProvider>
    </TooltipProvider>
  );
}
