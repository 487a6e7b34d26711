import type { ComponentProps } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnOption } from '@/lib/column-choice';

export interface ColumnChooserProps {
  /** Test id stem: `<testId>` on the button, `<testId>-<column>` on each box, `<testId>-reset`. */
  testId: string;
  options: readonly ColumnOption[];
  onToggle: (id: string, shown: boolean) => void;
  onReset: () => void;
  /** Whether the list shows its default columns: nothing to reset. */
  isDefault: boolean;
}

/** The chooser's button above a list. */
export function ColumnChooserButton({ testId, ...rest }: { testId: string } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button size="small" icon={<SettingOutlined />} data-testid={testId} {...rest}>
      {t('columns.chooser.button')}
    </Button>
  );
}
