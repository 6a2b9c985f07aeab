export {
  type CodeBatch,
  codeBatchesResponse,
  codeBatchSchema,
  createCodeBatchBody,
  createCodeBatchResponse,
  redeemCodeBody,
  redeemCodeResponse,
  revokeCodeBatchBody,
  revokeCodeBatchResponse,
} from '../../../contract/codes';
