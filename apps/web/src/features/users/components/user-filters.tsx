import { useMemo } from 'react';
import { Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_KEYS, levelName } from '@voltfleet/domain/users';
import { useAssignableRoles } from '../api/get-assignable-roles';
import { useUserOptions } from '../api/get-user-options';
import type { UserFilterParams } from '../api/get-users';
import { labelOf } from '@/lib/labels';

interface Props {
  value: UserFilterParams;
  onChange: (filters: UserFilterParams) => void;
}

/** The status filter: enabled, disabled, or awaiting approval (the self-registered accounts to decide on). */
type StatusChoice = NonNullable<UserFilterParams['enabled']> | 'pending' | 'all';

/** The user list's filters: keyword, status, role, level and direct superior (the caller or someone below them). */
export function UserFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const roles = useAssignableRoles();
  const options = useUserOptions();
  const set = (patch: UserFilterParams) => onChange({ ...value, ...patch });

  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })), [roles.data]);
  const superiorOptions = useMemo(
    () => (options.data ?? []).map((o) => ({ value: o.id, label: o.name ? `${o.name} (${o.username})` : o.username })),
    [options.data],
  );
  const levels = LEVEL_KEYS.map((_, level) => ({ value: level, label: labelOf(levelName(level)) ?? String(level) }));

  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('users.searchPlaceholder')}
        style={{ maxWidth: 320 }}
        data-testid="user-search"
        onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
      />
      <Segmented<StatusChoice>
        value={value.approval === 'pending' ? 'pending' : (value.enabled ?? 'all')}
        data-testid="user-status-filter"
        options={[
          { value: 'all', label: t('users.allStatuses') },
          { value: 'true', label: t('users.enabled') },
          { value: 'false', label: t('users.disabled') },
          { value: 'pending', label: t('userAdmin.pending') },
        ]}
        onChange={(status) =>
          set(
            status === 'pending'
              ? { enabled: undefined, approval: 'pending' }
              : { enabled: status === 'all' ? undefined : status, approval: undefined },
          )
        }
      />
      <Select<number>
        allowClear
        style={{ minWidth: 160 }}
        placeholder={t('userAdmin.allRoles')}
        options={roleOptions}
        loading={roles.isLoading}
        value={value.roleId}
        data-testid="user-role-filter"
        onChange={(roleId) => set({ roleId })}
      />
      <Select<number>
        allowClear
        style={{ minWidth: 140 }}
        placeholder={t('userAdmin.allLevels')}
        options={levels}
        value={value.level}
        data-testid="user-level-filter"
        onChange={(level) => set({ level })}
      />
      <Select<number>
        allowClear
        style={{ minWidth: 200 }}
        placeholder={t('userAdmin.anySuperior')}
        options={superiorOptions}
        loading={options.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        value={value.superiorId}
        data-testid="user-superior-filter"
        onChange={(superiorId) => set({ superiorId })}
      />
    </Flex>
  );
}
