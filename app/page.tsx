import { IdeApp } from '@/components/workbench/IdeApp';

export default function Page() {
  return <IdeApp />;
}
