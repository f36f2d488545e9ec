import { zodResolver } from "@hookform/resolvers/zod";
import { type AdminUser, adminUsersQuery, ROLES } from "@kerb/shared";
import Search from "lucide-react/icons/search";
import UserCheck from "lucide-react/icons/user-check";
import UserX from "lucide-react/icons/user-x";
import Users from "lucide-react/icons/users";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField, TextField } from "@/components/ui/field";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { useCurrentUser } from "@/lib/auth-store";
import { formatDate } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { useAdminUsers } from "../api/get-admin-users";
import { AccountStatusDialog } from "../components/account-status-dialog";
import { ROLE_STATUS, RoleBadge } from "../components/role-badge";

const PAGE_SIZE = 20;

// The API's own rule for the search text (trimmed, at most 100 characters, no control characters).
const searchForm = z.object({ search: adminUsersQuery.shape.search.unwrap() });
type SearchFormInput = z.input<typeof searchForm>;
type SearchFormValues = z.output<typeof searchForm>;

function AccountState({ user }: { user: AdminUser }) {
  if (!user.suspendedAt) return <Badge tone="success">Active</Badge>;
  return (
    <span className="flex flex-col items-end gap-1 lg:items-start">
      <Badge tone="danger">Suspended</Badge>
      <span className="text-slate-600 text-xs">since {formatDate(user.suspendedAt)}</span>
      {user.suspendedReason ? (
        <span className="max-w-56 text-slate-700 text-xs" title={user.suspendedReason}>
          “{user.suspendedReason}”
        </span>
      ) : null}
    </span>
  );
}

export function AdminUsersPage() {
  const { values, page, setFilters, setPage } = useListParams(["search", "role"] as const);
  const signedInId = useCurrentUser()?.id;
  const [dialogUser, setDialogUser] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<AdminUser>[] = [
    {
      header: "Name",
      cell: (user) => (
        <span className="font-semibold text-slate-900">
          {user.firstName} {user.lastName}
        </span>
      ),
    },
    {
      header: "Email",
      cell: (user) => (
        <span className="break-all lg:break-normal lg:[overflow-wrap:anywhere]">{user.email}</span>
      ),
    },
    { header: "Role", cell: (user) => <RoleBadge role={user.role} /> },
    {
      header: "Phone",
      cell: (user) =>
        user.phone ? (
          <span className="whitespace-nowrap">{user.phone}</span>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    { header: "Created", cell: (user) => formatDate(user.createdAt) },
    { header: "Status", cell: (user) => <AccountState user={user} /> },
    {
      header: "Actions",
      isActions: true,
      cell: (user) => {
        // The API refuses suspending yourself; the button is not offered.
        if (user.id === signedInId) return null;
        const name = `${user.firstName} ${user.lastName}`;
        // One action per state: a suspended account is reactivated, an active one suspended.
        const [action, Icon] = user.suspendedAt
          ? (["Reactivate", UserCheck] as const)
          : (["Suspend", UserX] as const);
        return (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${action} ${name}`}
            onClick={() => {
              setNotice(null);
              setDialogUser(user);
            }}
            icon={<Icon className="size-4" aria-hidden="true" />}
          >
            {action}
          </Button>
        );
      },
    },
  ];
  const role = pick(values.role, ROLES);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<SearchFormInput, unknown, SearchFormValues>({
    resolver: zodResolver(searchForm),
    defaultValues: { search: values.search },
  });
  // Back/forward changes the URL: keep the box in step with it.
  useEffect(() => reset({ search: values.search }), [values.search, reset]);
  const onSearch = handleSubmit(({ search }) => setFilters({ search }));

  const usersQuery = useAdminUsers({ search: values.search || undefined, role, page, pageSize: PAGE_SIZE });
  const data = usersQuery.data;

  return (
    <SectionCard
      title="Users"
      description="Every account, newest first. Search by name, email or phone number."
      filters={
        <search>
          <form
            onSubmit={onSearch}
            noValidate
            className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start"
          >
            <TextField
              label="Search users"
              type="search"
              placeholder="Name, email or phone"
              error={errors.search?.message}
              {...register("search")}
            />
            <SelectField
              label="Role"
              value={role ?? ""}
              options={[
                { value: "", label: "All roles" },
                ...ROLES.map((r) => ({ value: r, label: ROLE_STATUS[r].label })),
              ]}
              onChange={(event) =>
                setFilters({ role: event.target.value, search: getValues("search").trim() })
              }
              className="sm:w-44"
            />
            <Button
              type="submit"
              className="sm:mt-6.5"
              icon={<Search className="size-4" aria-hidden="true" />}
            >
              Search
            </Button>
          </form>
        </search>
      }
    >
      <DocumentTitle title="Users · Admin" />
      <ListState
        query={usersQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading users…"
        errorTitle="We couldn't load users"
        empty={{
          icon: <Users className="size-6" />,
          title: "No users found",
          description:
            values.search || role
              ? "Nothing matches these filters. Try another name, email, phone number or role."
              : "Nobody has signed up yet.",
          action:
            values.search || role ? (
              <Button
                variant="secondary"
                onClick={() => {
                  reset({ search: "" });
                  setFilters({ search: "", role: "" });
                }}
              >
                Clear filters
              </Button>
            ) : undefined,
        }}
      >
        {data ? (
          <>
            {notice ? (
              <div className="mb-4">
                <Alert tone="success">{notice}</Alert>
              </div>
            ) : null}
            <DataTable caption="Users" columns={columns} rows={data.items} rowKey={(user) => user.id} />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              isFetching={usersQuery.isFetching}
              noun={["user", "users"]}
            />
          </>
        ) : null}
      </ListState>
      <AccountStatusDialog user={dialogUser} onClose={() => setDialogUser(null)} onDone={setNotice} />
    </SectionCard>
  );
}
