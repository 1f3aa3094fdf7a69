import { lazy } from 'react';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import type { ResourceDefinition } from '../../components/buildResource';

/** Customers' questions about their orders (REST /rest/questions): a list with delete; customers post them from the storefront. */
export const questions: ResourceDefinition = {
  name: 'questions',
  list: lazy(() => import('./QuestionList')),
  icon: QuestionAnswerOutlined,
};
