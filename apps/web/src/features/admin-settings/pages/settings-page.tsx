import { Card } from 'antd';
import { useBusinessProfile } from '../api.ts';
import { BusinessProfileCard } from '../components/business-profile-card.tsx';

/** 系统设置: the owner's settings; for now the business's details that receipts print. */
export default function SettingsPage() {
  const profile = useBusinessProfile();
  // The form starts from what is saved, so it waits for it (a loading card meanwhile).
  if (!profile.data) return <Card loading />;
  return <BusinessProfileCard profile={profile.data} />;
}
