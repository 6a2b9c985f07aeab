export {
  type CodeBatch,
  codeBatchesResponse,
  createCodeBatchBody,
  createCodeBatchResponse,
  redeemCodeBody,
  redeemCodeResponse,
  revokeCodeBatchBody,
  revokeCodeBatchResponse,
} from '../../../contract/codes';
