# Generated from schemas/*.json (bundled) by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.

"""Every limit, default, constant and vocabulary the contract states, one named constant each.

Import it as ``from pcreceipt.models import limits``. A constant's name is the schema path in
UPPER_SNAKE_CASE plus the keyword: ``PrepareContextRequest.max_bytes`` ``maximum`` is
``PREPARE_CONTEXT_REQUEST_MAX_BYTES_MAXIMUM``; an enum is a tuple (``..._ENUM``) and a
``Literal`` alias named by the path in PascalCase (``OmissionReason``). The full scheme:
codegen/README.md, "Contract facts".
"""

from __future__ import annotations

from typing import Final, Literal

# #/components/schemas/AccessAction
AccessAction = Literal["server.observe", "server.admin", "scope.read", "scope.contribute", "scope.review", "scope.delegate", "scope.admin", "artifact.read", "artifact.write", "artifact.share", "handoff.evidence.inspect", "handoff.acknowledge", "prompt.use"]
ACCESS_ACTION_ENUM: Final[tuple[AccessAction, ...]] = ("server.observe", "server.admin", "scope.read", "scope.contribute", "scope.review", "scope.delegate", "scope.admin", "artifact.read", "artifact.write", "artifact.share", "handoff.evidence.inspect", "handoff.acknowledge", "prompt.use")

# #/components/schemas/AccessArtifactIdentity
ACCESS_ARTIFACT_IDENTITY_FAMILY_MIN_LENGTH: Final = 1
ACCESS_ARTIFACT_IDENTITY_FAMILY_MAX_LENGTH: Final = 128
ACCESS_ARTIFACT_IDENTITY_ARTIFACT_ID_MIN_LENGTH: Final = 1
ACCESS_ARTIFACT_IDENTITY_ARTIFACT_ID_MAX_LENGTH: Final = 128

# #/components/schemas/AccessAuditEvent
ACCESS_AUDIT_EVENT_CURSOR_MINIMUM: Final = 1
ACCESS_AUDIT_EVENT_EVENT_ID_MIN_LENGTH: Final = 1
ACCESS_AUDIT_EVENT_EVENT_ID_MAX_LENGTH: Final = 64
ACCESS_AUDIT_EVENT_REQUEST_ID_MAX_LENGTH: Final = 128
ACCESS_AUDIT_EVENT_TRANSPORT_MIN_LENGTH: Final = 1
ACCESS_AUDIT_EVENT_TRANSPORT_MAX_LENGTH: Final = 16
ACCESS_AUDIT_EVENT_OPERATION_MIN_LENGTH: Final = 1
ACCESS_AUDIT_EVENT_OPERATION_MAX_LENGTH: Final = 128
ACCESS_AUDIT_EVENT_REASON_CODE_MIN_LENGTH: Final = 1
ACCESS_AUDIT_EVENT_REASON_CODE_MAX_LENGTH: Final = 64
ACCESS_AUDIT_EVENT_POLICY_REVISION_MIN_LENGTH: Final = 1
ACCESS_AUDIT_EVENT_POLICY_REVISION_MAX_LENGTH: Final = 64
ACCESS_AUDIT_EVENT_BINDING_ID_MAX_LENGTH: Final = 64
ACCESS_AUDIT_EVENT_EXPECTED_VERSION_MINIMUM: Final = 1
ACCESS_AUDIT_EVENT_RESULT_VERSION_MINIMUM: Final = 1

# #/components/schemas/AccessAuditPage
ACCESS_AUDIT_PAGE_ITEMS_MAX_ITEMS: Final = 500
ACCESS_AUDIT_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 2048

# #/components/schemas/AccessBinding
ACCESS_BINDING_BINDING_ID_MIN_LENGTH: Final = 1
ACCESS_BINDING_BINDING_ID_MAX_LENGTH: Final = 64
ACCESS_BINDING_REASON_MAX_LENGTH: Final = 1024
ACCESS_BINDING_VERSION_MINIMUM: Final = 1
ACCESS_BINDING_POLICY_REVISION_MIN_LENGTH: Final = 1
ACCESS_BINDING_POLICY_REVISION_MAX_LENGTH: Final = 64
ACCESS_BINDING_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
ACCESS_BINDING_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 255

# #/components/schemas/AccessBindingPage
ACCESS_BINDING_PAGE_ITEMS_MAX_ITEMS: Final = 500
ACCESS_BINDING_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 2048

# #/components/schemas/AccessBindingReplacementInput
ACCESS_BINDING_REPLACEMENT_INPUT_REASON_MAX_LENGTH: Final = 1024

# #/components/schemas/AccessBindingState
AccessBindingState = Literal["active", "revoked"]
ACCESS_BINDING_STATE_ENUM: Final[tuple[AccessBindingState, ...]] = ("active", "revoked")

# #/components/schemas/AccessCheckRequest
ACCESS_CHECK_REQUEST_REQUIREMENTS_MIN_ITEMS: Final = 1
ACCESS_CHECK_REQUEST_REQUIREMENTS_MAX_ITEMS: Final = 100

# #/components/schemas/AccessCheckResponse
ACCESS_CHECK_RESPONSE_DECISIONS_MIN_ITEMS: Final = 1
ACCESS_CHECK_RESPONSE_DECISIONS_MAX_ITEMS: Final = 100

# #/components/schemas/AccessControlMode
AccessControlMode = Literal["disabled", "enforced"]
ACCESS_CONTROL_MODE_ENUM: Final[tuple[AccessControlMode, ...]] = ("disabled", "enforced")

# #/components/schemas/AccessDecision
ACCESS_DECISION_REASON_CODE_MIN_LENGTH: Final = 1
ACCESS_DECISION_REASON_CODE_MAX_LENGTH: Final = 64

# #/components/schemas/AccessGroup
AccessGroupType = Literal["group"]
ACCESS_GROUP_TYPE_ENUM: Final[tuple[AccessGroupType, ...]] = ("group",)
ACCESS_GROUP_ID_MIN_LENGTH: Final = 1
ACCESS_GROUP_ID_MAX_LENGTH: Final = 255
ACCESS_GROUP_DESCRIPTION_MIN_LENGTH: Final = 1
ACCESS_GROUP_DESCRIPTION_MAX_LENGTH: Final = 255

# #/components/schemas/AccessPrincipal
AccessPrincipalType = Literal["user", "service"]
ACCESS_PRINCIPAL_TYPE_ENUM: Final[tuple[AccessPrincipalType, ...]] = ("user", "service")
ACCESS_PRINCIPAL_ID_MIN_LENGTH: Final = 1
ACCESS_PRINCIPAL_ID_MAX_LENGTH: Final = 255
ACCESS_PRINCIPAL_DESCRIPTION_MIN_LENGTH: Final = 1
ACCESS_PRINCIPAL_DESCRIPTION_MAX_LENGTH: Final = 255

# #/components/schemas/AccessProviderCapabilities
ACCESS_PROVIDER_CAPABILITIES_MAX_DIRECT_RESOURCE_KEYS_MINIMUM: Final = 1
ACCESS_PROVIDER_CAPABILITIES_MAX_DIRECT_RESOURCE_KEYS_MAXIMUM: Final = 10000

# #/components/schemas/AccessRequirementMatch
AccessRequirementMatch = Literal["all", "any"]
ACCESS_REQUIREMENT_MATCH_ENUM: Final[tuple[AccessRequirementMatch, ...]] = ("all", "any")

# #/components/schemas/AccessResourcePage
ACCESS_RESOURCE_PAGE_ITEMS_MAX_ITEMS: Final = 500
ACCESS_RESOURCE_PAGE_TOTAL_MINIMUM: Final = 0

# #/components/schemas/AccessResourceType
AccessResourceType = Literal["server", "scope", "artifact"]
ACCESS_RESOURCE_TYPE_ENUM: Final[tuple[AccessResourceType, ...]] = ("server", "scope", "artifact")

# #/components/schemas/AccessRole
AccessRole = Literal["handoff.viewer", "handoff.receiver", "artifact.viewer", "prompt.user", "artifact.owner", "scope.viewer", "scope.contributor", "scope.reviewer", "scope.delegator", "scope.admin", "server.observer", "server.admin"]
ACCESS_ROLE_ENUM: Final[tuple[AccessRole, ...]] = ("handoff.viewer", "handoff.receiver", "artifact.viewer", "prompt.user", "artifact.owner", "scope.viewer", "scope.contributor", "scope.reviewer", "scope.delegator", "scope.admin", "server.observer", "server.admin")

# #/components/schemas/AccessRoleCardinality
AccessRoleCardinality = Literal["many_per_resource", "one_per_resource"]
ACCESS_ROLE_CARDINALITY_ENUM: Final[tuple[AccessRoleCardinality, ...]] = ("many_per_resource", "one_per_resource")

# #/components/schemas/AccessRoleDescriptor
ACCESS_ROLE_DESCRIPTOR_ARTIFACT_FAMILIES_ITEMS_MIN_LENGTH: Final = 1
ACCESS_ROLE_DESCRIPTOR_ARTIFACT_FAMILIES_ITEMS_MAX_LENGTH: Final = 128
AccessRoleDescriptorAssignableSubjectTypesItems = Literal["user", "service", "group"]
ACCESS_ROLE_DESCRIPTOR_ASSIGNABLE_SUBJECT_TYPES_ITEMS_ENUM: Final[tuple[AccessRoleDescriptorAssignableSubjectTypesItems, ...]] = ("user", "service", "group")

# #/components/schemas/AccessRolePage
ACCESS_ROLE_PAGE_ITEMS_MAX_ITEMS: Final = 16

# #/components/schemas/AcknowledgeHandoffRequest
ACKNOWLEDGE_HANDOFF_REQUEST_SOURCE_ID_MIN_LENGTH: Final = 1
ACKNOWLEDGE_HANDOFF_REQUEST_SOURCE_ID_MAX_LENGTH: Final = 256
ACKNOWLEDGE_HANDOFF_REQUEST_RECEIVER_MIN_LENGTH: Final = 1
ACKNOWLEDGE_HANDOFF_REQUEST_RECEIVER_MAX_LENGTH: Final = 256
AcknowledgeHandoffRequestStatus = Literal["accepted", "needs_clarification", "declined"]
ACKNOWLEDGE_HANDOFF_REQUEST_STATUS_ENUM: Final[tuple[AcknowledgeHandoffRequestStatus, ...]] = ("accepted", "needs_clarification", "declined")
AcknowledgeHandoffRequestSelection = Literal["prepared", "exact"]
ACKNOWLEDGE_HANDOFF_REQUEST_SELECTION_ENUM: Final[tuple[AcknowledgeHandoffRequestSelection, ...]] = ("prepared", "exact")

# #/components/schemas/ActivateHandoffRequest
ACTIVATE_HANDOFF_REQUEST_OBJECTIVE_MIN_LENGTH: Final = 1
ACTIVATE_HANDOFF_REQUEST_OBJECTIVE_MAX_LENGTH: Final = 8192
ACTIVATE_HANDOFF_REQUEST_ROLLOVER_REASONS_MAX_ITEMS: Final = 6
ACTIVATE_HANDOFF_REQUEST_ROLLOVER_REASONS_DEFAULT: Final = ()
ACTIVATE_HANDOFF_REQUEST_EVIDENCE_MAX_ITEMS: Final = 32
ACTIVATE_HANDOFF_REQUEST_EVIDENCE_DEFAULT: Final = ()
ACTIVATE_HANDOFF_REQUEST_MAX_BYTES_MINIMUM: Final = 512
ACTIVATE_HANDOFF_REQUEST_MAX_BYTES_MAXIMUM: Final = 32768
ACTIVATE_HANDOFF_REQUEST_MAX_BYTES_DEFAULT: Final = 8000

# #/components/schemas/AllScopeSelection
AllScopeSelectionMode = Literal["all"]
ALL_SCOPE_SELECTION_MODE_ENUM: Final[tuple[AllScopeSelectionMode, ...]] = ("all",)

# #/components/schemas/ApproveCandidateRequest
APPROVE_CANDIDATE_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 1

# #/components/schemas/ArtifactAccessResource
ArtifactAccessResourceType = Literal["artifact"]
ARTIFACT_ACCESS_RESOURCE_TYPE_ENUM: Final[tuple[ArtifactAccessResourceType, ...]] = ("artifact",)
ARTIFACT_ACCESS_RESOURCE_SCOPE_ID_MIN_LENGTH: Final = 1
ARTIFACT_ACCESS_RESOURCE_SCOPE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/ArtifactChannelScore
ARTIFACT_CHANNEL_SCORE_METRIC_MIN_LENGTH: Final = 1

# #/components/schemas/ArtifactCollectionItem
ARTIFACT_COLLECTION_ITEM_SOURCES_MAX_ITEMS: Final = 16
ARTIFACT_COLLECTION_ITEM_ARTIFACTS_MAX_ITEMS: Final = 256
ARTIFACT_COLLECTION_ITEM_TITLE_MAX_LENGTH: Final = 512
ARTIFACT_COLLECTION_ITEM_SUMMARY_MAX_LENGTH: Final = 8000
ARTIFACT_COLLECTION_ITEM_SOURCE_COUNT_MINIMUM: Final = 0

# #/components/schemas/ArtifactCreated
ARTIFACT_CREATED_SOURCES_MAX_ITEMS: Final = 16
ARTIFACT_CREATED_ARTIFACTS_MAX_ITEMS: Final = 256

# #/components/schemas/ArtifactDreamingOperationCapability
ArtifactDreamingOperationCapabilityOutputKind = Literal["candidate", "tag_candidate"]
ARTIFACT_DREAMING_OPERATION_CAPABILITY_OUTPUT_KIND_ENUM: Final[tuple[ArtifactDreamingOperationCapabilityOutputKind, ...]] = ("candidate", "tag_candidate")
ArtifactDreamingOperationCapabilityEffect = Literal["review_then_publish", "review_then_publish_configuration", "review_then_replace_tags"]
ARTIFACT_DREAMING_OPERATION_CAPABILITY_EFFECT_ENUM: Final[tuple[ArtifactDreamingOperationCapabilityEffect, ...]] = ("review_then_publish", "review_then_publish_configuration", "review_then_replace_tags")

# #/components/schemas/ArtifactFamily
ArtifactFamily = Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
ARTIFACT_FAMILY_ENUM: Final[tuple[ArtifactFamily, ...]] = ("atomic-memory", "topic-memory", "experience", "profile", "prompt")

# #/components/schemas/ArtifactFamilyAccessCapability
ARTIFACT_FAMILY_ACCESS_CAPABILITY_FAMILY_MIN_LENGTH: Final = 1
ARTIFACT_FAMILY_ACCESS_CAPABILITY_FAMILY_MAX_LENGTH: Final = 128
ArtifactFamilyAccessCapabilityShareUnit = Literal["artifact", "memory_entry"]
ARTIFACT_FAMILY_ACCESS_CAPABILITY_SHARE_UNIT_ENUM: Final[tuple[ArtifactFamilyAccessCapabilityShareUnit, ...]] = ("artifact", "memory_entry")

# #/components/schemas/ArtifactId
ARTIFACT_ID_MIN_LENGTH: Final = 1
ARTIFACT_ID_MAX_LENGTH: Final = 128

# #/components/schemas/ArtifactInventoryStatistics
ARTIFACT_INVENTORY_STATISTICS_TOTAL_MINIMUM: Final = 0

# #/components/schemas/ArtifactPage
ARTIFACT_PAGE_ITEMS_MAX_ITEMS: Final = 100
ARTIFACT_PAGE_NEXT_CURSOR_MIN_LENGTH: Final = 1
ARTIFACT_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/ArtifactRevision
ARTIFACT_REVISION_SOURCES_MAX_ITEMS: Final = 16
ARTIFACT_REVISION_ARTIFACTS_MAX_ITEMS: Final = 256

# #/components/schemas/ArtifactRevisionPage
ARTIFACT_REVISION_PAGE_ITEMS_MAX_ITEMS: Final = 100
ARTIFACT_REVISION_PAGE_NEXT_CURSOR_MIN_LENGTH: Final = 1
ARTIFACT_REVISION_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/ArtifactSearchAdmission
ARTIFACT_SEARCH_ADMISSION_LEXICAL_COVERAGE_MINIMUM: Final = 0
ARTIFACT_SEARCH_ADMISSION_LEXICAL_COVERAGE_MAXIMUM: Final = 1
ARTIFACT_SEARCH_ADMISSION_LEXICAL_COVERAGE_DEFAULT: Final = 0.25
ARTIFACT_SEARCH_ADMISSION_LEXICAL_MIN_MATCHED_TERMS_MINIMUM: Final = 1
ARTIFACT_SEARCH_ADMISSION_LEXICAL_MIN_MATCHED_TERMS_DEFAULT: Final = 2
ARTIFACT_SEARCH_ADMISSION_MIN_SEMANTIC_SIMILARITY_MINIMUM: Final = -1
ARTIFACT_SEARCH_ADMISSION_MIN_SEMANTIC_SIMILARITY_MAXIMUM: Final = 1
# A query of at most this many terms needs one of them matched, whatever the floors (PowerContext 1.4.1's short query).
ARTIFACT_SEARCH_ADMISSION_SHORT_QUERY_TERMS_MAXIMUM: Final = 2

# #/components/schemas/ArtifactSearchFilters
ARTIFACT_SEARCH_FILTERS_KIND_MIN_LENGTH: Final = 1
ARTIFACT_SEARCH_FILTERS_KIND_MAX_LENGTH: Final = 128
ARTIFACT_SEARCH_FILTERS_TAGS_MIN_ITEMS: Final = 1
ARTIFACT_SEARCH_FILTERS_TAGS_MAX_ITEMS: Final = 16
ARTIFACT_SEARCH_FILTERS_TAGS_ITEMS_MIN_LENGTH: Final = 1
ARTIFACT_SEARCH_FILTERS_TAGS_ITEMS_MAX_LENGTH: Final = 128
ArtifactSearchFiltersTagMatch = Literal["all", "any"]
ARTIFACT_SEARCH_FILTERS_TAG_MATCH_ENUM: Final[tuple[ArtifactSearchFiltersTagMatch, ...]] = ("all", "any")

# #/components/schemas/ArtifactSearchFusion
ARTIFACT_SEARCH_FUSION_METHOD_MIN_LENGTH: Final = 1

# #/components/schemas/ArtifactSearchFusionParams
ARTIFACT_SEARCH_FUSION_PARAMS_RANK_CONSTANT_MINIMUM: Final = 1
ARTIFACT_SEARCH_FUSION_PARAMS_WEIGHTS_VALUES_MINIMUM: Final = 0

# #/components/schemas/ArtifactSearchItem
ARTIFACT_SEARCH_ITEM_FAMILY_MIN_LENGTH: Final = 1
ARTIFACT_SEARCH_ITEM_ARTIFACT_ID_MIN_LENGTH: Final = 1
ARTIFACT_SEARCH_ITEM_ARTIFACT_ID_MAX_LENGTH: Final = 128
ARTIFACT_SEARCH_ITEM_REVISION_MINIMUM: Final = 1

# #/components/schemas/ArtifactSearchScores
ARTIFACT_SEARCH_SCORES_RETRIEVAL_MINIMUM: Final = 0
ARTIFACT_SEARCH_SCORES_RETRIEVAL_MAXIMUM: Final = 1

# #/components/schemas/ArtifactTagPage
ARTIFACT_TAG_PAGE_ITEMS_MAX_ITEMS: Final = 100
ARTIFACT_TAG_PAGE_NEXT_CURSOR_MIN_LENGTH: Final = 1
ARTIFACT_TAG_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/ArtifactTagSet
ARTIFACT_TAG_SET_TAGS_MIN_ITEMS: Final = 0
ARTIFACT_TAG_SET_TAGS_MAX_ITEMS: Final = 32
ARTIFACT_TAG_SET_TAGS_ITEMS_MIN_LENGTH: Final = 1
ARTIFACT_TAG_SET_TAGS_ITEMS_MAX_LENGTH: Final = 64

# #/components/schemas/ArtifactTagTarget
ArtifactTagTargetType = Literal["artifact"]
ARTIFACT_TAG_TARGET_TYPE_ENUM: Final[tuple[ArtifactTagTargetType, ...]] = ("artifact",)

# #/components/schemas/AssemblySection
AssemblySectionFamily = Literal["memory", "topic-memory", "experience", "profile"]
ASSEMBLY_SECTION_FAMILY_ENUM: Final[tuple[AssemblySectionFamily, ...]] = ("memory", "topic-memory", "experience", "profile")
ASSEMBLY_SECTION_LIMIT_MINIMUM: Final = 1
ASSEMBLY_SECTION_LIMIT_MAXIMUM: Final = 8

# #/components/schemas/AtomicMemoryContent
ATOMIC_MEMORY_CONTENT_SCHEMA_DEFAULT: Final = "powercontext.atomic-memory.v1"
ATOMIC_MEMORY_CONTENT_SCHEMA_CONST: Final = "powercontext.atomic-memory.v1"
ATOMIC_MEMORY_CONTENT_KIND_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_CONTENT_KIND_MAX_LENGTH: Final = 128
ATOMIC_MEMORY_CONTENT_TEXT_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_CONTENT_TEXT_MAX_LENGTH: Final = 8192

# #/components/schemas/AtomicMemoryCreation
ATOMIC_MEMORY_CREATION_TYPE_CONST: Final = "merge"
ATOMIC_MEMORY_CREATION_INPUT_ARTIFACT_IDS_MIN_ITEMS: Final = 2
ATOMIC_MEMORY_CREATION_INPUT_ARTIFACT_IDS_MAX_ITEMS: Final = 64

# #/components/schemas/AtomicMemoryInput
ATOMIC_MEMORY_INPUT_STATE_VERSION_MINIMUM: Final = 0

# #/components/schemas/AtomicMemoryLifecycleRequest
AtomicMemoryLifecycleRequestState = Literal["forgotten", "retired"]
ATOMIC_MEMORY_LIFECYCLE_REQUEST_STATE_ENUM: Final[tuple[AtomicMemoryLifecycleRequestState, ...]] = ("forgotten", "retired")

# #/components/schemas/AtomicMemoryMutationResponse
ATOMIC_MEMORY_MUTATION_RESPONSE_RECORDS_MAX_ITEMS: Final = 65

# #/components/schemas/AtomicMemoryRecord
ATOMIC_MEMORY_RECORD_KIND_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_RECORD_KIND_MAX_LENGTH: Final = 128
ATOMIC_MEMORY_RECORD_TEXT_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_RECORD_STATE_VERSION_MINIMUM: Final = 0

# #/components/schemas/AtomicMemoryRestorationEndpoint
ATOMIC_MEMORY_RESTORATION_ENDPOINT_ARTIFACT_ID_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_RESTORATION_ENDPOINT_REVISION_MINIMUM: Final = 1
ATOMIC_MEMORY_RESTORATION_ENDPOINT_STATE_VERSION_MINIMUM: Final = 0

# #/components/schemas/AtomicMemoryRestorationItem
ATOMIC_MEMORY_RESTORATION_ITEM_ARTIFACT_ID_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_RESTORATION_ITEM_SOURCE_REVISION_MINIMUM: Final = 1

# #/components/schemas/AtomicMemoryRestorationOperation
AtomicMemoryRestorationOperation = Literal["restore", "undo_merge"]
ATOMIC_MEMORY_RESTORATION_OPERATION_ENUM: Final[tuple[AtomicMemoryRestorationOperation, ...]] = ("restore", "undo_merge")

# #/components/schemas/AtomicMemoryRestorationPreview
ATOMIC_MEMORY_RESTORATION_PREVIEW_PREVIEW_TOKEN_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_RESTORATION_PREVIEW_UNDO_MERGE_RESULTS_ITEMS_MIN_LENGTH: Final = 1

# #/components/schemas/AtomicMemoryRestorationPreviewRequest
ATOMIC_MEMORY_RESTORATION_PREVIEW_REQUEST_OPERATION_DEFAULT: Final = "restore"

# #/components/schemas/AtomicMemoryRestorationRequest
ATOMIC_MEMORY_RESTORATION_REQUEST_OPERATION_DEFAULT: Final = "restore"

# #/components/schemas/AtomicMemoryRestorationResponse
ATOMIC_MEMORY_RESTORATION_RESPONSE_UNDO_MERGE_RESULTS_ITEMS_MIN_LENGTH: Final = 1

# #/components/schemas/AtomicMemoryRestorationTarget
ATOMIC_MEMORY_RESTORATION_TARGET_ARTIFACT_ID_MIN_LENGTH: Final = 1
ATOMIC_MEMORY_RESTORATION_TARGET_ARTIFACT_ID_MAX_LENGTH: Final = 128
ATOMIC_MEMORY_RESTORATION_TARGET_REVISION_MINIMUM: Final = 1

# #/components/schemas/AtomicMemorySearchHit
ATOMIC_MEMORY_SEARCH_HIT_SCORE_EXCLUSIVE_MINIMUM: Final = 0
ATOMIC_MEMORY_SEARCH_HIT_MATCHED_BY_MIN_ITEMS: Final = 1
ATOMIC_MEMORY_SEARCH_HIT_MATCHED_BY_MAX_ITEMS: Final = 2
AtomicMemorySearchHitMatchedByItems = Literal["text", "vector"]
ATOMIC_MEMORY_SEARCH_HIT_MATCHED_BY_ITEMS_ENUM: Final[tuple[AtomicMemorySearchHitMatchedByItems, ...]] = ("text", "vector")

# #/components/schemas/AtomicMemorySearchMode
AtomicMemorySearchMode = Literal["text", "vector", "hybrid"]
ATOMIC_MEMORY_SEARCH_MODE_ENUM: Final[tuple[AtomicMemorySearchMode, ...]] = ("text", "vector", "hybrid")

# #/components/schemas/AtomicMemoryState
AtomicMemoryState = Literal["active", "forgotten", "merged", "retired"]
ATOMIC_MEMORY_STATE_ENUM: Final[tuple[AtomicMemoryState, ...]] = ("active", "forgotten", "merged", "retired")

# #/components/schemas/AtomicMemoryStateView
ATOMIC_MEMORY_STATE_VIEW_STATE_VERSION_MINIMUM: Final = 0

# #/components/schemas/BindArtifactHandleRequest
BIND_ARTIFACT_HANDLE_REQUEST_ARTIFACT_ID_MIN_LENGTH: Final = 1
BIND_ARTIFACT_HANDLE_REQUEST_ARTIFACT_ID_MAX_LENGTH: Final = 128
BIND_ARTIFACT_HANDLE_REQUEST_REVISION_MINIMUM: Final = 1

# #/components/schemas/BootstrapContext
BootstrapContextSchema = Literal["powercontext.bootstrap-context.v1"]
BOOTSTRAP_CONTEXT_SCHEMA_ENUM: Final[tuple[BootstrapContextSchema, ...]] = ("powercontext.bootstrap-context.v1",)
BootstrapContextStatus = Literal["ready", "empty", "skipped"]
BOOTSTRAP_CONTEXT_STATUS_ENUM: Final[tuple[BootstrapContextStatus, ...]] = ("ready", "empty", "skipped")
BootstrapContextProfile = Literal["powercontext.scope-bootstrap.v1"]
BOOTSTRAP_CONTEXT_PROFILE_ENUM: Final[tuple[BootstrapContextProfile, ...]] = ("powercontext.scope-bootstrap.v1",)
BOOTSTRAP_CONTEXT_CONTENT_BYTES_MINIMUM: Final = 0
BOOTSTRAP_CONTEXT_ITEMS_MAX_ITEMS: Final = 7

# #/components/schemas/BootstrapContextItem
BootstrapContextItemKind = Literal["atomic-memory", "handoff"]
BOOTSTRAP_CONTEXT_ITEM_KIND_ENUM: Final[tuple[BootstrapContextItemKind, ...]] = ("atomic-memory", "handoff")

# #/components/schemas/BootstrapContextRequest
BOOTSTRAP_CONTEXT_REQUEST_ENABLED_DEFAULT: Final = False
BOOTSTRAP_CONTEXT_REQUEST_PROFILE_DEFAULT: Final = "powercontext.scope-bootstrap.v1"
BootstrapContextRequestProfile = Literal["powercontext.scope-bootstrap.v1"]
BOOTSTRAP_CONTEXT_REQUEST_PROFILE_ENUM: Final[tuple[BootstrapContextRequestProfile, ...]] = ("powercontext.scope-bootstrap.v1",)
BootstrapContextRequestLifecycle = Literal["startup", "resume", "clear", "compact", "restore", "fork"]
BOOTSTRAP_CONTEXT_REQUEST_LIFECYCLE_ENUM: Final[tuple[BootstrapContextRequestLifecycle, ...]] = ("startup", "resume", "clear", "compact", "restore", "fork")
BOOTSTRAP_CONTEXT_REQUEST_INTEGRATION_MIN_LENGTH: Final = 1
BOOTSTRAP_CONTEXT_REQUEST_INTEGRATION_MAX_LENGTH: Final = 64
BOOTSTRAP_CONTEXT_REQUEST_EVENT_ID_MIN_LENGTH: Final = 1
BOOTSTRAP_CONTEXT_REQUEST_EVENT_ID_MAX_LENGTH: Final = 512
BOOTSTRAP_CONTEXT_REQUEST_MAX_BYTES_MINIMUM: Final = 512
BOOTSTRAP_CONTEXT_REQUEST_MAX_BYTES_MAXIMUM: Final = 8192
BOOTSTRAP_CONTEXT_REQUEST_MAX_BYTES_DEFAULT: Final = 4096

# #/components/schemas/BootstrapDeliveryReceipt
BOOTSTRAP_DELIVERY_RECEIPT_RECEIPT_ID_MIN_LENGTH: Final = 1
BOOTSTRAP_DELIVERY_RECEIPT_RECEIPT_ID_MAX_LENGTH: Final = 64
BootstrapDeliveryReceiptState = Literal["pending", "injected", "skipped", "failed"]
BOOTSTRAP_DELIVERY_RECEIPT_STATE_ENUM: Final[tuple[BootstrapDeliveryReceiptState, ...]] = ("pending", "injected", "skipped", "failed")

# #/components/schemas/BootstrapHandoffReference
BOOTSTRAP_HANDOFF_REFERENCE_FAMILY_MIN_LENGTH: Final = 1
BOOTSTRAP_HANDOFF_REFERENCE_FAMILY_MAX_LENGTH: Final = 128
BOOTSTRAP_HANDOFF_REFERENCE_ARTIFACT_ID_MIN_LENGTH: Final = 1
BOOTSTRAP_HANDOFF_REFERENCE_ARTIFACT_ID_MAX_LENGTH: Final = 128
BOOTSTRAP_HANDOFF_REFERENCE_REVISION_MINIMUM: Final = 1

# #/components/schemas/Candidate
CandidateCandidateKind = Literal["artifact", "tag"]
CANDIDATE_CANDIDATE_KIND_ENUM: Final[tuple[CandidateCandidateKind, ...]] = ("artifact", "tag")
CANDIDATE_VERSION_MINIMUM: Final = 1
CANDIDATE_SOURCE_REFS_MAX_ITEMS: Final = 32
CANDIDATE_ARTIFACT_REFS_MAX_ITEMS: Final = 32
CANDIDATE_REASON_MIN_LENGTH: Final = 1
CANDIDATE_REASON_MAX_LENGTH: Final = 2000
CANDIDATE_DECISION_REASON_MIN_LENGTH: Final = 1
CANDIDATE_DECISION_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/CandidateFamily
CandidateFamily = Literal["experience", "skill", "profile", "atomic-memory", "topic-memory", "handoff", "prompt"]
CANDIDATE_FAMILY_ENUM: Final[tuple[CandidateFamily, ...]] = ("experience", "skill", "profile", "atomic-memory", "topic-memory", "handoff", "prompt")

# #/components/schemas/CandidateFamilyCount
CANDIDATE_FAMILY_COUNT_TOTAL_MINIMUM: Final = 0
CANDIDATE_FAMILY_COUNT_PENDING_MINIMUM: Final = 0
CANDIDATE_FAMILY_COUNT_APPROVED_MINIMUM: Final = 0
CANDIDATE_FAMILY_COUNT_REJECTED_MINIMUM: Final = 0

# #/components/schemas/CandidateHistory
CANDIDATE_HISTORY_VERSIONS_DEFAULT: Final = ()

# #/components/schemas/CandidateId
CANDIDATE_ID_MIN_LENGTH: Final = 1
CANDIDATE_ID_MAX_LENGTH: Final = 128

# #/components/schemas/CandidateInventoryStatistics
CANDIDATE_INVENTORY_STATISTICS_TOTAL_MINIMUM: Final = 0
CANDIDATE_INVENTORY_STATISTICS_PENDING_MINIMUM: Final = 0
CANDIDATE_INVENTORY_STATISTICS_APPROVED_MINIMUM: Final = 0
CANDIDATE_INVENTORY_STATISTICS_REJECTED_MINIMUM: Final = 0

# #/components/schemas/CandidateReason
CandidateReason = Literal["target_not_in_artifact_refs", "skill_lineage_not_permitted", "target_family_mismatch", "target_unavailable"]
CANDIDATE_REASON_ENUM: Final[tuple[CandidateReason, ...]] = ("target_not_in_artifact_refs", "skill_lineage_not_permitted", "target_family_mismatch", "target_unavailable")

# #/components/schemas/CandidateStatus
CandidateStatus = Literal["pending", "approved", "rejected"]
CANDIDATE_STATUS_ENUM: Final[tuple[CandidateStatus, ...]] = ("pending", "approved", "rejected")

# #/components/schemas/Capabilities
CAPABILITIES_SOURCE_TYPES_ITEMS_MIN_LENGTH: Final = 1
CapabilitiesContextVersionsItems = Literal["powercontext.prepared-context.v1"]
CAPABILITIES_CONTEXT_VERSIONS_ITEMS_ENUM: Final[tuple[CapabilitiesContextVersionsItems, ...]] = ("powercontext.prepared-context.v1",)

# #/components/schemas/CaptureContentSourceRequest
CAPTURE_CONTENT_SOURCE_REQUEST_SOURCE_ID_MIN_LENGTH: Final = 1
CAPTURE_CONTENT_SOURCE_REQUEST_SOURCE_ID_MAX_LENGTH: Final = 256
CAPTURE_CONTENT_SOURCE_REQUEST_CONTENT_MIN_LENGTH: Final = 1
CAPTURE_CONTENT_SOURCE_REQUEST_CONTENT_MAX_LENGTH: Final = 200000

# #/components/schemas/CaptureContentSourceResponse
CaptureContentSourceResponseStatus = Literal["accepted"]
CAPTURE_CONTENT_SOURCE_RESPONSE_STATUS_ENUM: Final[tuple[CaptureContentSourceResponseStatus, ...]] = ("accepted",)
CAPTURE_CONTENT_SOURCE_RESPONSE_POSITION_MINIMUM: Final = 1

# #/components/schemas/CaptureWorkingNoteRequest
CAPTURE_WORKING_NOTE_REQUEST_SOURCE_ID_MIN_LENGTH: Final = 1
CAPTURE_WORKING_NOTE_REQUEST_SOURCE_ID_MAX_LENGTH: Final = 256
CAPTURE_WORKING_NOTE_REQUEST_CONTENT_MIN_LENGTH: Final = 1
CAPTURE_WORKING_NOTE_REQUEST_CONTENT_MAX_LENGTH: Final = 200000
CAPTURE_WORKING_NOTE_REQUEST_SESSION_ID_MIN_LENGTH: Final = 1
CAPTURE_WORKING_NOTE_REQUEST_SESSION_ID_MAX_LENGTH: Final = 256

# #/components/schemas/CapturedSourceReference
CapturedSourceReferenceName = Literal["content"]
CAPTURED_SOURCE_REFERENCE_NAME_ENUM: Final[tuple[CapturedSourceReferenceName, ...]] = ("content",)
CAPTURED_SOURCE_REFERENCE_SOURCE_ID_MIN_LENGTH: Final = 1
CAPTURED_SOURCE_REFERENCE_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/CodeChangesOperation
CodeChangesOperationKind = Literal["changes"]
CODE_CHANGES_OPERATION_KIND_ENUM: Final[tuple[CodeChangesOperationKind, ...]] = ("changes",)

# #/components/schemas/CodeCoverage
CODE_COVERAGE_FILES_MINIMUM: Final = 0
CODE_COVERAGE_LINES_MINIMUM: Final = 0
CODE_COVERAGE_SKIPPED_MINIMUM: Final = 0

# #/components/schemas/CodeEvidenceRef
CODE_EVIDENCE_REF_START_LINE_MINIMUM: Final = 1
CODE_EVIDENCE_REF_START_LINE_MAXIMUM: Final = 2147483647
CODE_EVIDENCE_REF_END_LINE_MINIMUM: Final = 1
CODE_EVIDENCE_REF_END_LINE_MAXIMUM: Final = 2147483647

# #/components/schemas/CodeFileUpload
CODE_FILE_UPLOAD_CONTENT_MAX_LENGTH: Final = 1048576

# #/components/schemas/CodeLastBuild
CODE_LAST_BUILD_FILES_MINIMUM: Final = 0
CODE_LAST_BUILD_LINES_MINIMUM: Final = 0
CODE_LAST_BUILD_SKIPPED_MINIMUM: Final = 0

# #/components/schemas/CodeMapOperation
CodeMapOperationKind = Literal["map"]
CODE_MAP_OPERATION_KIND_ENUM: Final[tuple[CodeMapOperationKind, ...]] = ("map",)
CODE_MAP_OPERATION_PATH_PREFIX_DEFAULT: Final = ""
CODE_MAP_OPERATION_PATH_PREFIX_CONST: Final = ""
CODE_MAP_OPERATION_LIMIT_MINIMUM: Final = 1
CODE_MAP_OPERATION_LIMIT_MAXIMUM: Final = 50
CODE_MAP_OPERATION_LIMIT_DEFAULT: Final = 20
CODE_MAP_OPERATION_DEPTH_MINIMUM: Final = 1
CODE_MAP_OPERATION_DEPTH_MAXIMUM: Final = 5
CODE_MAP_OPERATION_DEPTH_DEFAULT: Final = 2

# #/components/schemas/CodeQueryItem
CODE_QUERY_ITEM_START_LINE_MINIMUM: Final = 1
CODE_QUERY_ITEM_END_LINE_MINIMUM: Final = 1

# #/components/schemas/CodeQueryRequest
CODE_QUERY_REQUEST_MAX_BYTES_MINIMUM: Final = 512
CODE_QUERY_REQUEST_MAX_BYTES_MAXIMUM: Final = 32768
CODE_QUERY_REQUEST_MAX_BYTES_DEFAULT: Final = 16000

# #/components/schemas/CodeQueryResult
CODE_QUERY_RESULT_SCHEMA_CONST: Final = "powercontext.code-query.v1"
CODE_QUERY_RESULT_GIT_OBJECT_FORMAT_CONST: Final = "sha256"
CODE_QUERY_RESULT_DIRTY_CONST: Final = False
CodeQueryResultOperation = Literal["explore", "read"]
CODE_QUERY_RESULT_OPERATION_ENUM: Final[tuple[CodeQueryResultOperation, ...]] = ("explore", "read")
CodeQueryResultStatus = Literal["ok", "partial"]
CODE_QUERY_RESULT_STATUS_ENUM: Final[tuple[CodeQueryResultStatus, ...]] = ("ok", "partial")
CODE_QUERY_RESULT_ITEMS_MAX_ITEMS: Final = 50
CODE_QUERY_RESULT_LIMITATIONS_MAX_ITEMS: Final = 2
CodeQueryResultLimitationsItems = Literal["output_budget", "text_search_only"]
CODE_QUERY_RESULT_LIMITATIONS_ITEMS_ENUM: Final[tuple[CodeQueryResultLimitationsItems, ...]] = ("output_budget", "text_search_only")

# #/components/schemas/CodeRange
CODE_RANGE_LINES_MAX_ITEMS: Final = 200

# #/components/schemas/CodeReadOperation
CodeReadOperationKind = Literal["read"]
CODE_READ_OPERATION_KIND_ENUM: Final[tuple[CodeReadOperationKind, ...]] = ("read",)
CODE_READ_OPERATION_START_LINE_MINIMUM: Final = 1
CODE_READ_OPERATION_END_LINE_MINIMUM: Final = 1

# #/components/schemas/CodeRelationOperation
CodeRelationOperationKind = Literal["callers", "callees", "impact"]
CODE_RELATION_OPERATION_KIND_ENUM: Final[tuple[CodeRelationOperationKind, ...]] = ("callers", "callees", "impact")
CODE_RELATION_OPERATION_PATH_PREFIX_DEFAULT: Final = ""
CODE_RELATION_OPERATION_PATH_PREFIX_CONST: Final = ""
CODE_RELATION_OPERATION_LIMIT_MINIMUM: Final = 1
CODE_RELATION_OPERATION_LIMIT_MAXIMUM: Final = 50
CODE_RELATION_OPERATION_LIMIT_DEFAULT: Final = 20
CODE_RELATION_OPERATION_SYMBOL_ID_MIN_LENGTH: Final = 1
CODE_RELATION_OPERATION_SYMBOL_ID_MAX_LENGTH: Final = 128
CODE_RELATION_OPERATION_DEPTH_MINIMUM: Final = 1
CODE_RELATION_OPERATION_DEPTH_MAXIMUM: Final = 5
CODE_RELATION_OPERATION_DEPTH_DEFAULT: Final = 2

# #/components/schemas/CodeSearchOperation
CodeSearchOperationKind = Literal["symbols", "explore"]
CODE_SEARCH_OPERATION_KIND_ENUM: Final[tuple[CodeSearchOperationKind, ...]] = ("symbols", "explore")
CODE_SEARCH_OPERATION_PATH_PREFIX_DEFAULT: Final = ""
CODE_SEARCH_OPERATION_PATH_PREFIX_CONST: Final = ""
CODE_SEARCH_OPERATION_LIMIT_MINIMUM: Final = 1
CODE_SEARCH_OPERATION_LIMIT_MAXIMUM: Final = 50
CODE_SEARCH_OPERATION_LIMIT_DEFAULT: Final = 20
CODE_SEARCH_OPERATION_QUERY_MIN_LENGTH: Final = 1
CODE_SEARCH_OPERATION_QUERY_MAX_LENGTH: Final = 8192

# #/components/schemas/CodeStatus
CODE_STATUS_SCHEMA_CONST: Final = "powercontext.code-status.v1"
CodeStatusStatus = Literal["ready", "missing"]
CODE_STATUS_STATUS_ENUM: Final[tuple[CodeStatusStatus, ...]] = ("ready", "missing")
CODE_STATUS_FRESHNESS_CONST: Final = "unknown"
CODE_STATUS_ENGINE_CONST: Final = "pcreceipt-text-v1"
CODE_STATUS_LANGUAGES_MAX_ITEMS: Final = 0
CODE_STATUS_OPERATIONS_MIN_ITEMS: Final = 3
CODE_STATUS_OPERATIONS_MAX_ITEMS: Final = 3
CodeStatusOperationsItems = Literal["status", "explore", "read"]
CODE_STATUS_OPERATIONS_ITEMS_ENUM: Final[tuple[CodeStatusOperationsItems, ...]] = ("status", "explore", "read")
CODE_STATUS_REASON_CONST: Final = "code_index_missing"

# #/components/schemas/CodeStatusOperation
CodeStatusOperationKind = Literal["status"]
CODE_STATUS_OPERATION_KIND_ENUM: Final[tuple[CodeStatusOperationKind, ...]] = ("status",)

# #/components/schemas/CodeTestsOperation
CodeTestsOperationKind = Literal["affected_tests", "impact_changes"]
CODE_TESTS_OPERATION_KIND_ENUM: Final[tuple[CodeTestsOperationKind, ...]] = ("affected_tests", "impact_changes")
CODE_TESTS_OPERATION_PATH_PREFIX_DEFAULT: Final = ""
CODE_TESTS_OPERATION_PATH_PREFIX_CONST: Final = ""
CODE_TESTS_OPERATION_LIMIT_MINIMUM: Final = 1
CODE_TESTS_OPERATION_LIMIT_MAXIMUM: Final = 50
CODE_TESTS_OPERATION_LIMIT_DEFAULT: Final = 20
CODE_TESTS_OPERATION_PATHS_MIN_ITEMS: Final = 1
CODE_TESTS_OPERATION_PATHS_MAX_ITEMS: Final = 100

# #/components/schemas/CodeWorkspace
CODE_WORKSPACE_FILES_MINIMUM: Final = 0
CODE_WORKSPACE_LINES_MINIMUM: Final = 0
CODE_WORKSPACE_SKIPPED_MINIMUM: Final = 0

# #/components/schemas/ConflictReason
ConflictReason = Literal["stale_revision", "stale_state_version", "already_forgotten", "already_merged", "already_retired", "not_merge_result", "already_exists", "idempotency_key_reused", "not_searchable_head"]
CONFLICT_REASON_ENUM: Final[tuple[ConflictReason, ...]] = ("stale_revision", "stale_state_version", "already_forgotten", "already_merged", "already_retired", "not_merge_result", "already_exists", "idempotency_key_reused", "not_searchable_head")

# #/components/schemas/ConnectorBinding
CONNECTOR_BINDING_BINDING_ID_MIN_LENGTH: Final = 1
CONNECTOR_BINDING_BINDING_ID_MAX_LENGTH: Final = 256
CONNECTOR_BINDING_CONNECTOR_NAME_MIN_LENGTH: Final = 1
CONNECTOR_BINDING_CONNECTOR_NAME_MAX_LENGTH: Final = 128
CONNECTOR_BINDING_CONNECTOR_VERSION_MIN_LENGTH: Final = 1
CONNECTOR_BINDING_CONNECTOR_VERSION_MAX_LENGTH: Final = 128

# #/components/schemas/ContextAssembly
CONTEXT_ASSEMBLY_FORMAT_DEFAULT: Final = "markdown"
CONTEXT_ASSEMBLY_FORMAT_CONST: Final = "markdown"
CONTEXT_ASSEMBLY_SECTIONS_MAX_ITEMS: Final = 4
CONTEXT_ASSEMBLY_SHOW_MAX_ITEMS: Final = 2
CONTEXT_ASSEMBLY_SHOW_DEFAULT: Final = ()
ContextAssemblyShowItems = Literal["confidence", "recall_rank"]
CONTEXT_ASSEMBLY_SHOW_ITEMS_ENUM: Final[tuple[ContextAssemblyShowItems, ...]] = ("confidence", "recall_rank")
# The server setting assembly_max_entries: the most entries all sections together may ask for (semantic rule assembly_max_entries). A server chooses it in this range; 26 is the largest sum of section limits the schema allows.
CONTEXT_ASSEMBLY_MAX_ENTRIES_MINIMUM: Final = 8
CONTEXT_ASSEMBLY_MAX_ENTRIES_MAXIMUM: Final = 26
CONTEXT_ASSEMBLY_MAX_ENTRIES_DEFAULT: Final = 8

# #/components/schemas/ContractVersion
CONTRACT_VERSION_MAJOR_MINIMUM: Final = 1
CONTRACT_VERSION_MINOR_MINIMUM: Final = 0

# #/components/schemas/CreateAccessBindingRequest
CREATE_ACCESS_BINDING_REQUEST_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
CREATE_ACCESS_BINDING_REQUEST_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 255
CREATE_ACCESS_BINDING_REQUEST_REASON_MAX_LENGTH: Final = 1024

# #/components/schemas/CreateDreamRunRequest
CREATE_DREAM_RUN_REQUEST_ARTIFACTS_DEFAULT: Final = ()
CREATE_DREAM_RUN_REQUEST_SOURCES_DEFAULT: Final = ()
CREATE_DREAM_RUN_REQUEST_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
CREATE_DREAM_RUN_REQUEST_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 128

# #/components/schemas/CreateRemoteSkillTargetRequest
CREATE_REMOTE_SKILL_TARGET_REQUEST_SCOPE_ID_MIN_LENGTH: Final = 1
CREATE_REMOTE_SKILL_TARGET_REQUEST_SCOPE_ID_MAX_LENGTH: Final = 256
CREATE_REMOTE_SKILL_TARGET_REQUEST_DISPLAY_NAME_MIN_LENGTH: Final = 1
CREATE_REMOTE_SKILL_TARGET_REQUEST_DISPLAY_NAME_MAX_LENGTH: Final = 128

# #/components/schemas/CreateScopeRequest
CREATE_SCOPE_REQUEST_TITLE_MIN_LENGTH: Final = 1
CREATE_SCOPE_REQUEST_TITLE_MAX_LENGTH: Final = 256
CREATE_SCOPE_REQUEST_SUMMARY_MIN_LENGTH: Final = 1
CREATE_SCOPE_REQUEST_SUMMARY_MAX_LENGTH: Final = 2000
CREATE_SCOPE_REQUEST_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
CREATE_SCOPE_REQUEST_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 256
CREATE_SCOPE_REQUEST_CONTEXT_REFERENCES_MAX_ITEMS: Final = 32
CREATE_SCOPE_REQUEST_CONTEXT_REFERENCES_DEFAULT: Final = ()
CREATE_SCOPE_REQUEST_EXTERNAL_REFERENCES_MAX_ITEMS: Final = 32
CREATE_SCOPE_REQUEST_EXTERNAL_REFERENCES_DEFAULT: Final = ()

# #/components/schemas/CreateSourceRequest
CREATE_SOURCE_REQUEST_SOURCE_TYPE_DEFAULT: Final = "content"
CreateSourceRequestSourceType = Literal["content"]
CREATE_SOURCE_REQUEST_SOURCE_TYPE_ENUM: Final[tuple[CreateSourceRequestSourceType, ...]] = ("content",)

# #/components/schemas/CreateSubjectSourceRequest
CREATE_SUBJECT_SOURCE_REQUEST_SUBJECT_KEY_MIN_LENGTH: Final = 1
CREATE_SUBJECT_SOURCE_REQUEST_SUBJECT_KEY_MAX_LENGTH: Final = 256
CREATE_SUBJECT_SOURCE_REQUEST_SUBJECT_TYPE_DEFAULT: Final = "user"
CreateSubjectSourceRequestSubjectType = Literal["user"]
CREATE_SUBJECT_SOURCE_REQUEST_SUBJECT_TYPE_ENUM: Final[tuple[CreateSubjectSourceRequestSubjectType, ...]] = ("user",)
CREATE_SUBJECT_SOURCE_REQUEST_SOURCE_TYPE_DEFAULT: Final = "content"
CreateSubjectSourceRequestSourceType = Literal["content"]
CREATE_SUBJECT_SOURCE_REQUEST_SOURCE_TYPE_ENUM: Final[tuple[CreateSubjectSourceRequestSourceType, ...]] = ("content",)

# #/components/schemas/CreateSubjectSourceResponse
CREATE_SUBJECT_SOURCE_RESPONSE_SUBJECT_KEY_MIN_LENGTH: Final = 1
CREATE_SUBJECT_SOURCE_RESPONSE_SUBJECT_KEY_MAX_LENGTH: Final = 256
CreateSubjectSourceResponseSubjectType = Literal["user"]
CREATE_SUBJECT_SOURCE_RESPONSE_SUBJECT_TYPE_ENUM: Final[tuple[CreateSubjectSourceResponseSubjectType, ...]] = ("user",)
CREATE_SUBJECT_SOURCE_RESPONSE_SOURCES_MIN_ITEMS: Final = 2
CREATE_SUBJECT_SOURCE_RESPONSE_SOURCES_MAX_ITEMS: Final = 2

# #/components/schemas/CreateWorkContractRequest
CREATE_WORK_CONTRACT_REQUEST_SOURCE_ID_MIN_LENGTH: Final = 1
CREATE_WORK_CONTRACT_REQUEST_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/CurrentWorkHandoff
CurrentWorkHandoffSchema = Literal["powercontext.current-work-handoff.v1"]
CURRENT_WORK_HANDOFF_SCHEMA_ENUM: Final[tuple[CurrentWorkHandoffSchema, ...]] = ("powercontext.current-work-handoff.v1",)
CurrentWorkHandoffTrust = Literal["untrusted_input"]
CURRENT_WORK_HANDOFF_TRUST_ENUM: Final[tuple[CurrentWorkHandoffTrust, ...]] = ("untrusted_input",)
CURRENT_WORK_HANDOFF_OBJECTIVE_MIN_LENGTH: Final = 1
CURRENT_WORK_HANDOFF_OBJECTIVE_MAX_LENGTH: Final = 8192
CURRENT_WORK_HANDOFF_STATE_MIN_ITEMS: Final = 1
CURRENT_WORK_HANDOFF_STATE_MAX_ITEMS: Final = 64
CURRENT_WORK_HANDOFF_OMISSIONS_MAX_ITEMS: Final = 64
CURRENT_WORK_HANDOFF_OMISSIONS_ITEMS_MIN_LENGTH: Final = 1
CURRENT_WORK_HANDOFF_OMISSIONS_ITEMS_MAX_LENGTH: Final = 8192

# #/components/schemas/DegradationReason
DegradationReason = Literal["inference_timeout", "inference_unavailable"]
DEGRADATION_REASON_ENUM: Final[tuple[DegradationReason, ...]] = ("inference_timeout", "inference_unavailable")

# #/components/schemas/DownloadRemoteSkillPackageRequest
DOWNLOAD_REMOTE_SKILL_PACKAGE_REQUEST_GENERATION_MINIMUM: Final = 0

# #/components/schemas/DreamBudget
DREAM_BUDGET_MAX_ITEMS_MINIMUM: Final = 1
DREAM_BUDGET_MAX_BYTES_MINIMUM: Final = 1
DREAM_BUDGET_MAX_NODES_MINIMUM: Final = 1
DREAM_BUDGET_MAX_EDGES_MINIMUM: Final = 1
DREAM_BUDGET_MAX_DEPTH_MINIMUM: Final = 1
DREAM_BUDGET_MAX_OUTPUT_TOKENS_MINIMUM: Final = 1
DREAM_BUDGET_MAX_MODEL_CALLS_MINIMUM: Final = 1
DREAM_BUDGET_TIMEOUT_SECONDS_EXCLUSIVE_MINIMUM: Final = 0

# #/components/schemas/DreamCandidateRef
DreamCandidateRefKind = Literal["artifact", "tag"]
DREAM_CANDIDATE_REF_KIND_ENUM: Final[tuple[DreamCandidateRefKind, ...]] = ("artifact", "tag")
DREAM_CANDIDATE_REF_VERSION_MINIMUM: Final = 1

# #/components/schemas/DreamEvidenceIndependence
DreamEvidenceIndependence = Literal["attested", "unknown"]
DREAM_EVIDENCE_INDEPENDENCE_ENUM: Final[tuple[DreamEvidenceIndependence, ...]] = ("attested", "unknown")

# #/components/schemas/DreamEvidenceKind
DreamEvidenceKind = Literal["source", "experience", "memory", "profile", "topic_memory", "handoff", "skill", "prompt", "catalog_target", "unresolved"]
DREAM_EVIDENCE_KIND_ENUM: Final[tuple[DreamEvidenceKind, ...]] = ("source", "experience", "memory", "profile", "topic_memory", "handoff", "skill", "prompt", "catalog_target", "unresolved")

# #/components/schemas/DreamEvidenceRole
DreamEvidenceRole = Literal["root", "derived", "target", "lineage_only", "unresolved"]
DREAM_EVIDENCE_ROLE_ENUM: Final[tuple[DreamEvidenceRole, ...]] = ("root", "derived", "target", "lineage_only", "unresolved")

# #/components/schemas/DreamInputManifest
DREAM_INPUT_MANIFEST_PROJECTION_BYTES_MINIMUM: Final = 0

# #/components/schemas/DreamOperation
DreamOperation = Literal["refine_experience", "derive_skill", "revise_skill", "revise_profile", "revise_memory", "revise_topic_memory", "refresh_handoff", "revise_prompt", "revise_tags"]
DREAM_OPERATION_ENUM: Final[tuple[DreamOperation, ...]] = ("refine_experience", "derive_skill", "revise_skill", "revise_profile", "revise_memory", "revise_topic_memory", "refresh_handoff", "revise_prompt", "revise_tags")

# #/components/schemas/DreamOutcome
DreamOutcome = Literal["proposed", "no_change", "needs_evidence"]
DREAM_OUTCOME_ENUM: Final[tuple[DreamOutcome, ...]] = ("proposed", "no_change", "needs_evidence")

# #/components/schemas/DreamReason
DreamReason = Literal["evidence_selection_required", "evidence_limit_exceeded", "invalid_target", "invalid_artifact_family", "invalid_dream_operation"]
DREAM_REASON_ENUM: Final[tuple[DreamReason, ...]] = ("evidence_selection_required", "evidence_limit_exceeded", "invalid_target", "invalid_artifact_family", "invalid_dream_operation")

# #/components/schemas/DreamRun
DREAM_RUN_RUN_ID_MIN_LENGTH: Final = 1
DREAM_RUN_RUN_ID_MAX_LENGTH: Final = 64
DREAM_RUN_ATTEMPT_COUNT_MINIMUM: Final = 0

# #/components/schemas/DreamSourceReference
DREAM_SOURCE_REFERENCE_SOURCE_TYPE_MIN_LENGTH: Final = 1
DREAM_SOURCE_REFERENCE_SOURCE_TYPE_MAX_LENGTH: Final = 128
DREAM_SOURCE_REFERENCE_SOURCE_ID_MIN_LENGTH: Final = 1
DREAM_SOURCE_REFERENCE_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/DreamStatus
DreamStatus = Literal["queued", "running", "succeeded", "failed"]
DREAM_STATUS_ENUM: Final[tuple[DreamStatus, ...]] = ("queued", "running", "succeeded", "failed")

# #/components/schemas/DreamTagTarget
DREAM_TAG_TARGET_EXPECTED_ETAG_MIN_LENGTH: Final = 1

# #/components/schemas/DreamUsage
DREAM_USAGE_MODEL_CALLS_MINIMUM: Final = 0
DREAM_USAGE_INPUT_TOKENS_MINIMUM: Final = 0
DREAM_USAGE_OUTPUT_TOKENS_MINIMUM: Final = 0

# #/components/schemas/EnrollRemoteSkillTargetRequest
ENROLL_REMOTE_SKILL_TARGET_REQUEST_ENROLLMENT_CODE_MIN_LENGTH: Final = 32
ENROLL_REMOTE_SKILL_TARGET_REQUEST_ENROLLMENT_CODE_MAX_LENGTH: Final = 256
ENROLL_REMOTE_SKILL_TARGET_REQUEST_INSTALLATION_ID_MIN_LENGTH: Final = 1
ENROLL_REMOTE_SKILL_TARGET_REQUEST_INSTALLATION_ID_MAX_LENGTH: Final = 128
ENROLL_REMOTE_SKILL_TARGET_REQUEST_RECEIVER_VERSION_MIN_LENGTH: Final = 1
ENROLL_REMOTE_SKILL_TARGET_REQUEST_RECEIVER_VERSION_MAX_LENGTH: Final = 64
ENROLL_REMOTE_SKILL_TARGET_REQUEST_MACHINE_HOSTNAME_MIN_LENGTH: Final = 1
ENROLL_REMOTE_SKILL_TARGET_REQUEST_MACHINE_HOSTNAME_MAX_LENGTH: Final = 255
ENROLL_REMOTE_SKILL_TARGET_REQUEST_WORKSPACE_NAME_MIN_LENGTH: Final = 1
ENROLL_REMOTE_SKILL_TARGET_REQUEST_WORKSPACE_NAME_MAX_LENGTH: Final = 128

# #/components/schemas/EntryChange
ENTRY_CHANGE_ENTRY_ID_MIN_LENGTH: Final = 1
ENTRY_CHANGE_ENTRY_ID_MAX_LENGTH: Final = 128
ENTRY_CHANGE_FROM_ENTRY_VERSION_ID_MIN_LENGTH: Final = 1
ENTRY_CHANGE_FROM_ENTRY_VERSION_ID_MAX_LENGTH: Final = 128
ENTRY_CHANGE_TO_ENTRY_VERSION_ID_MIN_LENGTH: Final = 1
ENTRY_CHANGE_TO_ENTRY_VERSION_ID_MAX_LENGTH: Final = 128

# #/components/schemas/EntryChangeOperation
EntryChangeOperation = Literal["add", "revise", "deactivate", "reactivate", "compact"]
ENTRY_CHANGE_OPERATION_ENUM: Final[tuple[EntryChangeOperation, ...]] = ("add", "revise", "deactivate", "reactivate", "compact")

# #/components/schemas/ErrorBody
ERROR_BODY_MESSAGE_MIN_LENGTH: Final = 1
ERROR_BODY_MESSAGE_MAX_LENGTH: Final = 2048

# #/components/schemas/ErrorCode
ErrorCode = Literal["invalid_request", "unauthorized", "forbidden", "precondition_required", "inference_timeout", "inference_unavailable", "storage_unavailable", "internal_error", "scope_not_found", "scope_binding_target_missing", "artifact_not_found", "scope_idempotency_conflict", "scope_version_conflict", "revision_conflict", "atomic_memory_changed", "invalid_memory_state", "artifact_already_exists", "request_too_large", "invalid_cursor", "code_index_missing", "code_changed", "code_target_missing", "code_range_missing", "budget_too_small", "unsupported_capability", "code_workspace_not_found", "code_range_not_found", "source_conflict", "cursor_expired", "legacy_memory_operation_unsupported", "tag_precondition_failed", "not_found", "invalid_scope_relationship", "invalid_memory_relation", "invalid_preview", "preview_expired", "preview_stale", "artifact_publication_unsupported", "artifact_publication_conflict", "handoff_evidence_not_found", "source_not_eligible", "invalid_handoff_generation", "candidate_not_found", "candidate_conflict", "candidate_terminal", "artifact_conflict", "generation_unavailable", "handoff_generation_unavailable", "artifact_handle_not_found", "idempotency_conflict", "connector_checkpoint_conflict", "handoff_report_too_large", "profile_policy_not_found", "topic_memory_block_not_found", "prompt_customization_unavailable", "topic_memory_processing_unavailable", "source_not_found", "subject_scope_conflict", "distinct_scopes_required", "invalid_source_ingestion", "source_definition_not_found", "invalid_access_request", "access_binding_not_found", "access_cursor_stale", "binding-version", "idempotency-key", "runtime_not_ready", "resource_filter_limit_exceeded", "external_skill_registry_unavailable", "external_skill_not_found", "external_skill_snapshot_unavailable", "capability_unavailable", "capacity_exceeded", "client_upgrade_required", "dream_not_found", "generation_conflict", "invalid_lifecycle", "invalid_enrollment", "invalid_target_state", "publication_generation_conflict", "invalid_target_credential", "artifact_family_not_found", "artifact_search_not_supported", "invalid_skill_lifecycle"]
ERROR_CODE_ENUM: Final[tuple[ErrorCode, ...]] = ("invalid_request", "unauthorized", "forbidden", "precondition_required", "inference_timeout", "inference_unavailable", "storage_unavailable", "internal_error", "scope_not_found", "scope_binding_target_missing", "artifact_not_found", "scope_idempotency_conflict", "scope_version_conflict", "revision_conflict", "atomic_memory_changed", "invalid_memory_state", "artifact_already_exists", "request_too_large", "invalid_cursor", "code_index_missing", "code_changed", "code_target_missing", "code_range_missing", "budget_too_small", "unsupported_capability", "code_workspace_not_found", "code_range_not_found", "source_conflict", "cursor_expired", "legacy_memory_operation_unsupported", "tag_precondition_failed", "not_found", "invalid_scope_relationship", "invalid_memory_relation", "invalid_preview", "preview_expired", "preview_stale", "artifact_publication_unsupported", "artifact_publication_conflict", "handoff_evidence_not_found", "source_not_eligible", "invalid_handoff_generation", "candidate_not_found", "candidate_conflict", "candidate_terminal", "artifact_conflict", "generation_unavailable", "handoff_generation_unavailable", "artifact_handle_not_found", "idempotency_conflict", "connector_checkpoint_conflict", "handoff_report_too_large", "profile_policy_not_found", "topic_memory_block_not_found", "prompt_customization_unavailable", "topic_memory_processing_unavailable", "source_not_found", "subject_scope_conflict", "distinct_scopes_required", "invalid_source_ingestion", "source_definition_not_found", "invalid_access_request", "access_binding_not_found", "access_cursor_stale", "binding-version", "idempotency-key", "runtime_not_ready", "resource_filter_limit_exceeded", "external_skill_registry_unavailable", "external_skill_not_found", "external_skill_snapshot_unavailable", "capability_unavailable", "capacity_exceeded", "client_upgrade_required", "dream_not_found", "generation_conflict", "invalid_lifecycle", "invalid_enrollment", "invalid_target_state", "publication_generation_conflict", "invalid_target_credential", "artifact_family_not_found", "artifact_search_not_supported", "invalid_skill_lifecycle")

# #/components/schemas/ErrorDetails
ERROR_DETAILS_VIOLATIONS_MAX_ITEMS: Final = 64
ERROR_DETAILS_CURRENT_STATE_VERSION_MINIMUM: Final = 0
ERROR_DETAILS_CURRENT_ETAG_MAX_LENGTH: Final = 64
ERROR_DETAILS_PROVIDED_ETAG_MAX_LENGTH: Final = 64
ErrorDetailsField = Literal["query", "cursor", "expires_at", "artifact_refs", "target", "scope_id", "artifacts", "sources", "family", "mode"]
ERROR_DETAILS_FIELD_ENUM: Final[tuple[ErrorDetailsField, ...]] = ("query", "cursor", "expires_at", "artifact_refs", "target", "scope_id", "artifacts", "sources", "family", "mode")
ERROR_DETAILS_EXPECTED_VERSION_MINIMUM: Final = 1
ERROR_DETAILS_CURRENT_VERSION_MINIMUM: Final = 1
ErrorDetailsRelationship = Literal["Parent", "Context Reference"]
ERROR_DETAILS_RELATIONSHIP_ENUM: Final[tuple[ErrorDetailsRelationship, ...]] = ("Parent", "Context Reference")
ErrorDetailsIssue = Literal["a Scope cannot parent itself", "relationships must be acyclic", "a Scope cannot reference itself"]
ERROR_DETAILS_ISSUE_ENUM: Final[tuple[ErrorDetailsIssue, ...]] = ("a Scope cannot parent itself", "relationships must be acyclic", "a Scope cannot reference itself")
ErrorDetailsStatus = Literal["approved", "rejected"]
ERROR_DETAILS_STATUS_ENUM: Final[tuple[ErrorDetailsStatus, ...]] = ("approved", "rejected")
ERROR_DETAILS_CURRENT_FAMILY_MIN_LENGTH: Final = 1
ERROR_DETAILS_CURRENT_FAMILY_MAX_LENGTH: Final = 128
ERROR_DETAILS_CURRENT_ARTIFACT_ID_MIN_LENGTH: Final = 1
ERROR_DETAILS_CURRENT_ARTIFACT_ID_MAX_LENGTH: Final = 128
ERROR_DETAILS_CURRENT_REVISION_MINIMUM: Final = 1
ErrorDetailsKind = Literal["artifact_family", "artifact_handle", "profile_policy", "subject_scope"]
ERROR_DETAILS_KIND_ENUM: Final[tuple[ErrorDetailsKind, ...]] = ("artifact_family", "artifact_handle", "profile_policy", "subject_scope")
ErrorDetailsName = Literal["memory"]
ERROR_DETAILS_NAME_ENUM: Final[tuple[ErrorDetailsName, ...]] = ("memory",)
ErrorDetailsOperation = Literal["entry tags", "collection capacity", "citation revise", "citation retire", "continuous collection changes", "tag query"]
ERROR_DETAILS_OPERATION_ENUM: Final[tuple[ErrorDetailsOperation, ...]] = ("entry tags", "collection capacity", "citation revise", "citation retire", "continuous collection changes", "tag query")
ERROR_DETAILS_ALTERNATIVES_MAX_ITEMS: Final = 8
ERROR_DETAILS_ALTERNATIVES_ITEMS_MIN_LENGTH: Final = 1
ERROR_DETAILS_ALTERNATIVES_ITEMS_MAX_LENGTH: Final = 256
ERROR_DETAILS_INSTRUCTION_MIN_LENGTH: Final = 1
ERROR_DETAILS_INSTRUCTION_MAX_LENGTH: Final = 512
ERROR_DETAILS_ESTIMATED_BYTES_MINIMUM: Final = 0
ERROR_DETAILS_SELECTED_SCOPES_MINIMUM: Final = 0
ErrorDetailsRequiredDreamContract = Literal[2]
ERROR_DETAILS_REQUIRED_DREAM_CONTRACT_ENUM: Final[tuple[ErrorDetailsRequiredDreamContract, ...]] = (2,)

# #/components/schemas/EvidenceFamily
EvidenceFamily = Literal["atomic-memory", "topic-memory", "experience", "profile", "code"]
EVIDENCE_FAMILY_ENUM: Final[tuple[EvidenceFamily, ...]] = ("atomic-memory", "topic-memory", "experience", "profile", "code")

# #/components/schemas/ExactScopeSelection
ExactScopeSelectionMode = Literal["exact"]
EXACT_SCOPE_SELECTION_MODE_ENUM: Final[tuple[ExactScopeSelectionMode, ...]] = ("exact",)
EXACT_SCOPE_SELECTION_SCOPE_IDS_MIN_ITEMS: Final = 1
EXACT_SCOPE_SELECTION_SCOPE_IDS_MAX_ITEMS: Final = 1000

# #/components/schemas/ExperienceContent
EXPERIENCE_CONTENT_SITUATION_MIN_LENGTH: Final = 1
EXPERIENCE_CONTENT_SITUATION_MAX_LENGTH: Final = 8000
EXPERIENCE_CONTENT_ACTION_MIN_LENGTH: Final = 1
EXPERIENCE_CONTENT_ACTION_MAX_LENGTH: Final = 8000
EXPERIENCE_CONTENT_OUTCOME_MIN_LENGTH: Final = 1
EXPERIENCE_CONTENT_OUTCOME_MAX_LENGTH: Final = 8000
EXPERIENCE_CONTENT_LESSON_MIN_LENGTH: Final = 1
EXPERIENCE_CONTENT_LESSON_MAX_LENGTH: Final = 8000

# #/components/schemas/ExternalReference
EXTERNAL_REFERENCE_KIND_MIN_LENGTH: Final = 1
EXTERNAL_REFERENCE_KIND_MAX_LENGTH: Final = 128
EXTERNAL_REFERENCE_VALUE_MIN_LENGTH: Final = 1
EXTERNAL_REFERENCE_VALUE_MAX_LENGTH: Final = 2000

# #/components/schemas/ExternalSkillImportMode
ExternalSkillImportMode = Literal["import", "fork"]
EXTERNAL_SKILL_IMPORT_MODE_ENUM: Final[tuple[ExternalSkillImportMode, ...]] = ("import", "fork")

# #/components/schemas/ExternalSkillInstallationScope
ExternalSkillInstallationScope = Literal["user", "project", "plugin"]
EXTERNAL_SKILL_INSTALLATION_SCOPE_ENUM: Final[tuple[ExternalSkillInstallationScope, ...]] = ("user", "project", "plugin")

# #/components/schemas/ExternalSkillRegistration
EXTERNAL_SKILL_REGISTRATION_EXTERNAL_SKILL_ID_MIN_LENGTH: Final = 1
EXTERNAL_SKILL_REGISTRATION_EXTERNAL_SKILL_ID_MAX_LENGTH: Final = 128
ExternalSkillRegistrationProvider = Literal["codex", "claude_code"]
EXTERNAL_SKILL_REGISTRATION_PROVIDER_ENUM: Final[tuple[ExternalSkillRegistrationProvider, ...]] = ("codex", "claude_code")
ExternalSkillRegistrationAgentKind = Literal["codex", "claude_code"]
EXTERNAL_SKILL_REGISTRATION_AGENT_KIND_ENUM: Final[tuple[ExternalSkillRegistrationAgentKind, ...]] = ("codex", "claude_code")
EXTERNAL_SKILL_REGISTRATION_HOST_ID_MIN_LENGTH: Final = 1
EXTERNAL_SKILL_REGISTRATION_HOST_ID_MAX_LENGTH: Final = 128
EXTERNAL_SKILL_REGISTRATION_LOCATOR_MIN_LENGTH: Final = 1
EXTERNAL_SKILL_REGISTRATION_LOCATOR_MAX_LENGTH: Final = 2000
EXTERNAL_SKILL_REGISTRATION_NAME_MIN_LENGTH: Final = 1
EXTERNAL_SKILL_REGISTRATION_NAME_MAX_LENGTH: Final = 128
EXTERNAL_SKILL_REGISTRATION_DESCRIPTION_MIN_LENGTH: Final = 1
EXTERNAL_SKILL_REGISTRATION_DESCRIPTION_MAX_LENGTH: Final = 2000

# #/components/schemas/ExternalSkillResolutionStatus
ExternalSkillResolutionStatus = Literal["available", "unavailable"]
EXTERNAL_SKILL_RESOLUTION_STATUS_ENUM: Final[tuple[ExternalSkillResolutionStatus, ...]] = ("available", "unavailable")

# #/components/schemas/ExtractionBackground
ExtractionBackgroundLocation = Literal["local", "external", "none"]
EXTRACTION_BACKGROUND_LOCATION_ENUM: Final[tuple[ExtractionBackgroundLocation, ...]] = ("local", "external", "none")
ExtractionBackgroundState = Literal["running", "degraded", "stopped", "unknown"]
EXTRACTION_BACKGROUND_STATE_ENUM: Final[tuple[ExtractionBackgroundState, ...]] = ("running", "degraded", "stopped", "unknown")

# #/components/schemas/ExtractionFailure
ExtractionFailureCode = Literal["model_configuration_error", "model_timeout", "model_unavailable", "invalid_model_output", "worker_timeout", "worker_crash", "invalid_worker_result", "missing_durable_acknowledgement", "supervisor_failed", "lease_renewal_failed", "scope_discovery_failed", "processing_failed"]
EXTRACTION_FAILURE_CODE_ENUM: Final[tuple[ExtractionFailureCode, ...]] = ("model_configuration_error", "model_timeout", "model_unavailable", "invalid_model_output", "worker_timeout", "worker_crash", "invalid_worker_result", "missing_durable_acknowledgement", "supervisor_failed", "lease_renewal_failed", "scope_discovery_failed", "processing_failed")
ExtractionFailureStage = Literal["inference", "flush", "worker", "supervisor", "lease_renewal", "scope_discovery"]
EXTRACTION_FAILURE_STAGE_ENUM: Final[tuple[ExtractionFailureStage, ...]] = ("inference", "flush", "worker", "supervisor", "lease_renewal", "scope_discovery")

# #/components/schemas/ExtractionObservation
ExtractionObservationStatus = Literal["unverified", "observed"]
EXTRACTION_OBSERVATION_STATUS_ENUM: Final[tuple[ExtractionObservationStatus, ...]] = ("unverified", "observed")

# #/components/schemas/ExtractionStatus
ExtractionStatusConfiguration = Literal["configured", "unconfigured", "unknown"]
EXTRACTION_STATUS_CONFIGURATION_ENUM: Final[tuple[ExtractionStatusConfiguration, ...]] = ("configured", "unconfigured", "unknown")

# #/components/schemas/FailureRecord
FailureRecordRepairSurface = Literal["experience_content", "working_state", "recall_policy", "acceptance_check"]
FAILURE_RECORD_REPAIR_SURFACE_ENUM: Final[tuple[FailureRecordRepairSurface, ...]] = ("experience_content", "working_state", "recall_policy", "acceptance_check")

# #/components/schemas/FailureSignature
FAILURE_SIGNATURE_RECALL_CUE_MIN_LENGTH: Final = 1
FAILURE_SIGNATURE_RECALL_CUE_MAX_LENGTH: Final = 2000
FAILURE_SIGNATURE_SYMPTOM_MIN_LENGTH: Final = 1
FAILURE_SIGNATURE_SYMPTOM_MAX_LENGTH: Final = 2000

# #/components/schemas/FailureVerification
FAILURE_VERIFICATION_CONDITION_MIN_LENGTH: Final = 1
FAILURE_VERIFICATION_CONDITION_MAX_LENGTH: Final = 2000
FAILURE_VERIFICATION_CHECK_SUBJECT_MIN_LENGTH: Final = 1
FAILURE_VERIFICATION_CHECK_SUBJECT_MAX_LENGTH: Final = 2000

# #/components/schemas/FamilyCount
FAMILY_COUNT_TOTAL_MINIMUM: Final = 0

# #/components/schemas/FeatureContract
FEATURE_CONTRACT_OPERATIONS_MIN_ITEMS: Final = 1
FEATURE_CONTRACT_OPERATIONS_ITEMS_MIN_LENGTH: Final = 1

# #/components/schemas/FieldReason
FieldReason = Literal["missing_time_zone", "not_in_future"]
FIELD_REASON_ENUM: Final[tuple[FieldReason, ...]] = ("missing_time_zone", "not_in_future")

# #/components/schemas/FlushMemoryResponse
FlushMemoryResponseStatus = Literal["idle", "processed"]
FLUSH_MEMORY_RESPONSE_STATUS_ENUM: Final[tuple[FlushMemoryResponseStatus, ...]] = ("idle", "processed")
FLUSH_MEMORY_RESPONSE_PREVIOUS_CURSOR_MINIMUM: Final = 0
FLUSH_MEMORY_RESPONSE_CURRENT_CURSOR_MINIMUM: Final = 0
FLUSH_MEMORY_RESPONSE_HIGH_WATERMARK_MINIMUM: Final = 0
FLUSH_MEMORY_RESPONSE_PROCESSED_SOURCE_COUNT_MINIMUM: Final = 0
FLUSH_MEMORY_RESPONSE_HELD_COUNT_MINIMUM: Final = 0
# The most Sources one flush takes past the cursor (PowerContext's default source window).
FLUSH_MEMORY_RESPONSE_SOURCE_WINDOW_MAXIMUM: Final = 100

# #/components/schemas/FlushProfileResponse
FLUSH_PROFILE_RESPONSE_PREVIOUS_CURSOR_MINIMUM: Final = 0
FLUSH_PROFILE_RESPONSE_CURRENT_CURSOR_MINIMUM: Final = 0
FLUSH_PROFILE_RESPONSE_HIGH_WATERMARK_MINIMUM: Final = 0
FLUSH_PROFILE_RESPONSE_PROCESSED_SOURCE_COUNT_MINIMUM: Final = 0

# #/components/schemas/FlushProfileStatus
FlushProfileStatus = Literal["updated", "noop", "review_pending", "disabled", "conflict"]
FLUSH_PROFILE_STATUS_ENUM: Final[tuple[FlushProfileStatus, ...]] = ("updated", "noop", "review_pending", "disabled", "conflict")

# #/components/schemas/FlushTopicMemoryResponse
FlushTopicMemoryResponseStatus = Literal["accepted", "idle"]
FLUSH_TOPIC_MEMORY_RESPONSE_STATUS_ENUM: Final[tuple[FlushTopicMemoryResponseStatus, ...]] = ("accepted", "idle")

# #/components/schemas/GenerateExperienceRequest
GENERATE_EXPERIENCE_REQUEST_SOURCE_REFS_MAX_ITEMS: Final = 32
GENERATE_EXPERIENCE_REQUEST_ARTIFACT_REFS_MAX_ITEMS: Final = 32
GENERATE_EXPERIENCE_REQUEST_REASON_MIN_LENGTH: Final = 1
GENERATE_EXPERIENCE_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/GeneratePromptDemonstrationsRequest
GENERATE_PROMPT_DEMONSTRATIONS_REQUEST_INSTRUCTIONS_MIN_LENGTH: Final = 1
GENERATE_PROMPT_DEMONSTRATIONS_REQUEST_INSTRUCTIONS_MAX_LENGTH: Final = 32768
GENERATE_PROMPT_DEMONSTRATIONS_REQUEST_DEMONSTRATION_COUNT_MINIMUM: Final = 1
GENERATE_PROMPT_DEMONSTRATIONS_REQUEST_DEMONSTRATION_COUNT_MAXIMUM: Final = 20

# #/components/schemas/GenerateSkillRequest
GENERATE_SKILL_REQUEST_SOURCE_REFS_MAX_ITEMS: Final = 32
GENERATE_SKILL_REQUEST_ARTIFACT_REFS_MAX_ITEMS: Final = 32
GENERATE_SKILL_REQUEST_REASON_MIN_LENGTH: Final = 1
GENERATE_SKILL_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/GeneratedCandidateStatus
GeneratedCandidateStatus = Literal["pending", "no_op"]
GENERATED_CANDIDATE_STATUS_ENUM: Final[tuple[GeneratedCandidateStatus, ...]] = ("pending", "no_op")

# #/components/schemas/GetHandoffReportRequest
GET_HANDOFF_REPORT_REQUEST_FORMAT_DEFAULT: Final = "json"
GET_HANDOFF_REPORT_REQUEST_DOWNLOAD_DEFAULT: Final = False

# #/components/schemas/GetStatsRequest
GET_STATS_REQUEST_PERIOD_DEFAULT: Final = "30d"

# #/components/schemas/GetTopicMemoryProcessingBlockRequest
GET_TOPIC_MEMORY_PROCESSING_BLOCK_REQUEST_BLOCK_ID_MIN_LENGTH: Final = 1
GET_TOPIC_MEMORY_PROCESSING_BLOCK_REQUEST_BLOCK_ID_MAX_LENGTH: Final = 36

# #/components/schemas/HandleFamily
HANDLE_FAMILY_MIN_LENGTH: Final = 1
HANDLE_FAMILY_MAX_LENGTH: Final = 128

# #/components/schemas/HandleKey
HANDLE_KEY_MIN_LENGTH: Final = 1
HANDLE_KEY_MAX_LENGTH: Final = 128

# #/components/schemas/HandoffActivation
HANDOFF_ACTIVATION_PREVIOUS_POSITION_MINIMUM: Final = 0
HANDOFF_ACTIVATION_CURRENT_POSITION_MINIMUM: Final = 0

# #/components/schemas/HandoffActivationStatus
HandoffActivationStatus = Literal["generated", "ignored"]
HANDOFF_ACTIVATION_STATUS_ENUM: Final[tuple[HandoffActivationStatus, ...]] = ("generated", "ignored")

# #/components/schemas/HandoffArtifactCitation
HandoffArtifactCitationKind = Literal["artifact"]
HANDOFF_ARTIFACT_CITATION_KIND_ENUM: Final[tuple[HandoffArtifactCitationKind, ...]] = ("artifact",)

# #/components/schemas/HandoffClaim
HandoffClaim = Literal["state", "next_action"]
HANDOFF_CLAIM_ENUM: Final[tuple[HandoffClaim, ...]] = ("state", "next_action")

# #/components/schemas/HandoffContent
HandoffContentSchema = Literal["powercontext.handoff.v1"]
HANDOFF_CONTENT_SCHEMA_ENUM: Final[tuple[HandoffContentSchema, ...]] = ("powercontext.handoff.v1",)
HANDOFF_CONTENT_OBJECTIVE_MIN_LENGTH: Final = 1
HANDOFF_CONTENT_OBJECTIVE_MAX_LENGTH: Final = 8192
HANDOFF_CONTENT_STATE_MIN_ITEMS: Final = 1
HANDOFF_CONTENT_STATE_MAX_ITEMS: Final = 64
HANDOFF_CONTENT_OMISSIONS_MAX_ITEMS: Final = 64

# #/components/schemas/HandoffCurrentWorkRequest
HANDOFF_CURRENT_WORK_REQUEST_SOURCE_ID_MIN_LENGTH: Final = 1
HANDOFF_CURRENT_WORK_REQUEST_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/HandoffDisposition
HandoffDisposition = Literal["continuable", "blocked", "complete"]
HANDOFF_DISPOSITION_ENUM: Final[tuple[HandoffDisposition, ...]] = ("continuable", "blocked", "complete")

# #/components/schemas/HandoffDraft
HANDOFF_DRAFT_OBJECTIVE_MIN_LENGTH: Final = 1
HANDOFF_DRAFT_OBJECTIVE_MAX_LENGTH: Final = 8192
HANDOFF_DRAFT_STATE_MIN_ITEMS: Final = 1
HANDOFF_DRAFT_STATE_MAX_ITEMS: Final = 64
HANDOFF_DRAFT_OMISSIONS_MAX_ITEMS: Final = 64

# #/components/schemas/HandoffEvidenceCheck
HandoffEvidenceCheckStatus = Literal["available", "unavailable"]
HANDOFF_EVIDENCE_CHECK_STATUS_ENUM: Final[tuple[HandoffEvidenceCheckStatus, ...]] = ("available", "unavailable")
HANDOFF_EVIDENCE_CHECK_UNAVAILABLE_EVIDENCE_MAX_ITEMS: Final = 32

# #/components/schemas/HandoffGenerationEnvelope
HANDOFF_GENERATION_ENVELOPE_RECEIPT_MIN_LENGTH: Final = 1
HANDOFF_GENERATION_ENVELOPE_RECEIPT_MAX_LENGTH: Final = 8192

# #/components/schemas/HandoffGenerationMetadata
HANDOFF_GENERATION_METADATA_SCOPE_ID_MIN_LENGTH: Final = 1
HANDOFF_GENERATION_METADATA_SCOPE_ID_MAX_LENGTH: Final = 256
HandoffGenerationMetadataPromptKey = Literal["handoff.generate"]
HANDOFF_GENERATION_METADATA_PROMPT_KEY_ENUM: Final[tuple[HandoffGenerationMetadataPromptKey, ...]] = ("handoff.generate",)
HandoffGenerationMetadataSelection = Literal["built_in", "artifact"]
HANDOFF_GENERATION_METADATA_SELECTION_ENUM: Final[tuple[HandoffGenerationMetadataSelection, ...]] = ("built_in", "artifact")
HANDOFF_GENERATION_METADATA_DEFINITION_VERSION_MIN_LENGTH: Final = 1
HANDOFF_GENERATION_METADATA_DEFINITION_VERSION_MAX_LENGTH: Final = 256
HANDOFF_GENERATION_METADATA_BUILTIN_VERSION_MIN_LENGTH: Final = 1
HANDOFF_GENERATION_METADATA_BUILTIN_VERSION_MAX_LENGTH: Final = 256
HandoffGenerationMetadataEditStatus = Literal["unchanged", "edited"]
HANDOFF_GENERATION_METADATA_EDIT_STATUS_ENUM: Final[tuple[HandoffGenerationMetadataEditStatus, ...]] = ("unchanged", "edited")

# #/components/schemas/HandoffOmission
HANDOFF_OMISSION_TEXT_MIN_LENGTH: Final = 1
HANDOFF_OMISSION_TEXT_MAX_LENGTH: Final = 8192

# #/components/schemas/HandoffReport
HandoffReportSchema = Literal["powercontext.handoff-report.v2"]
HANDOFF_REPORT_SCHEMA_ENUM: Final[tuple[HandoffReportSchema, ...]] = ("powercontext.handoff-report.v2",)

# #/components/schemas/HandoffReportStatus
HandoffReportStatus = Literal["continuable", "blocked", "complete", "no_handoff"]
HANDOFF_REPORT_STATUS_ENUM: Final[tuple[HandoffReportStatus, ...]] = ("continuable", "blocked", "complete", "no_handoff")

# #/components/schemas/HandoffReportSummary
HANDOFF_REPORT_SUMMARY_CONTINUABLE_COUNT_MINIMUM: Final = 0
HANDOFF_REPORT_SUMMARY_BLOCKED_COUNT_MINIMUM: Final = 0
HANDOFF_REPORT_SUMMARY_COMPLETE_COUNT_MINIMUM: Final = 0
HANDOFF_REPORT_SUMMARY_NO_HANDOFF_COUNT_MINIMUM: Final = 0

# #/components/schemas/HandoffResolution
HandoffResolutionTrust = Literal["untrusted_history"]
HANDOFF_RESOLUTION_TRUST_ENUM: Final[tuple[HandoffResolutionTrust, ...]] = ("untrusted_history",)
HandoffResolutionStatus = Literal["empty", "resolved"]
HANDOFF_RESOLUTION_STATUS_ENUM: Final[tuple[HandoffResolutionStatus, ...]] = ("empty", "resolved")
HANDOFF_RESOLUTION_EVIDENCE_CHECKS_MAX_ITEMS: Final = 65

# #/components/schemas/HandoffRolloverReason
HandoffRolloverReason = Literal["user_requested", "host_context_budget", "host_compaction", "context_quality", "delegation", "manual_checkpoint"]
HANDOFF_ROLLOVER_REASON_ENUM: Final[tuple[HandoffRolloverReason, ...]] = ("user_requested", "host_context_budget", "host_compaction", "context_quality", "delegation", "manual_checkpoint")

# #/components/schemas/HandoffSelection
HandoffSelection = Literal["prepared", "exact", "latest"]
HANDOFF_SELECTION_ENUM: Final[tuple[HandoffSelection, ...]] = ("prepared", "exact", "latest")

# #/components/schemas/HandoffSourceCitation
HandoffSourceCitationKind = Literal["source"]
HANDOFF_SOURCE_CITATION_KIND_ENUM: Final[tuple[HandoffSourceCitationKind, ...]] = ("source",)

# #/components/schemas/HandoffStatement
HANDOFF_STATEMENT_TEXT_MIN_LENGTH: Final = 1
HANDOFF_STATEMENT_TEXT_MAX_LENGTH: Final = 8192
HANDOFF_STATEMENT_CITATIONS_MIN_ITEMS: Final = 1
HANDOFF_STATEMENT_CITATIONS_MAX_ITEMS: Final = 32

# #/components/schemas/Health
HealthStatus = Literal["ok", "ready", "not_ready"]
HEALTH_STATUS_ENUM: Final[tuple[HealthStatus, ...]] = ("ok", "ready", "not_ready")
HEALTH_CHECKS_VALUES_MAX_LENGTH: Final = 512

# #/components/schemas/HistoryFamily
HistoryFamily = Literal["atomic-memory", "topic-memory", "experience", "profile"]
HISTORY_FAMILY_ENUM: Final[tuple[HistoryFamily, ...]] = ("atomic-memory", "topic-memory", "experience", "profile")

# #/components/schemas/ImportArtifactsRequest
IMPORT_ARTIFACTS_REQUEST_ITEMS_MIN_ITEMS: Final = 1
IMPORT_ARTIFACTS_REQUEST_ITEMS_MAX_ITEMS: Final = 1000

# #/components/schemas/ImportArtifactsResponse
IMPORT_ARTIFACTS_RESPONSE_CREATED_MAX_ITEMS: Final = 1000

# #/components/schemas/ImportExternalSkillRequest
IMPORT_EXTERNAL_SKILL_REQUEST_EXTERNAL_SKILL_ID_MIN_LENGTH: Final = 1
IMPORT_EXTERNAL_SKILL_REQUEST_EXTERNAL_SKILL_ID_MAX_LENGTH: Final = 128
IMPORT_EXTERNAL_SKILL_REQUEST_REASON_MIN_LENGTH: Final = 1
IMPORT_EXTERNAL_SKILL_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/IndexCodeRequest
INDEX_CODE_REQUEST_FILES_MAX_ITEMS: Final = 20000
INDEX_CODE_REQUEST_SKIPPED_MINIMUM: Final = 0
INDEX_CODE_REQUEST_SKIPPED_DEFAULT: Final = 0

# #/components/schemas/LegacyMemoryTarget
LEGACY_MEMORY_TARGET_TYPE_CONST: Final = "memory_entry"
LEGACY_MEMORY_TARGET_FAMILY_CONST: Final = "memory"
LEGACY_MEMORY_TARGET_ARTIFACT_ID_MIN_LENGTH: Final = 1
LEGACY_MEMORY_TARGET_ARTIFACT_ID_MAX_LENGTH: Final = 128
LEGACY_MEMORY_TARGET_ENTRY_ID_MIN_LENGTH: Final = 1
LEGACY_MEMORY_TARGET_ENTRY_ID_MAX_LENGTH: Final = 128

# #/components/schemas/ListAccessAuditRequest
ListAccessAuditRequestResult = Literal["allowed", "denied"]
LIST_ACCESS_AUDIT_REQUEST_RESULT_ENUM: Final[tuple[ListAccessAuditRequestResult, ...]] = ("allowed", "denied")
LIST_ACCESS_AUDIT_REQUEST_CURSOR_MAX_LENGTH: Final = 2048
LIST_ACCESS_AUDIT_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_ACCESS_AUDIT_REQUEST_LIMIT_MAXIMUM: Final = 500
LIST_ACCESS_AUDIT_REQUEST_LIMIT_DEFAULT: Final = 100

# #/components/schemas/ListAccessBindingsRequest
LIST_ACCESS_BINDINGS_REQUEST_CURSOR_MAX_LENGTH: Final = 2048
LIST_ACCESS_BINDINGS_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_ACCESS_BINDINGS_REQUEST_LIMIT_MAXIMUM: Final = 500
LIST_ACCESS_BINDINGS_REQUEST_LIMIT_DEFAULT: Final = 100

# #/components/schemas/ListAccessResourcesRequest
LIST_ACCESS_RESOURCES_REQUEST_FAMILY_MIN_LENGTH: Final = 1
LIST_ACCESS_RESOURCES_REQUEST_FAMILY_MAX_LENGTH: Final = 128
LIST_ACCESS_RESOURCES_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_ACCESS_RESOURCES_REQUEST_LIMIT_MAXIMUM: Final = 500
LIST_ACCESS_RESOURCES_REQUEST_LIMIT_DEFAULT: Final = 100

# #/components/schemas/ListAccessRolesRequest
LIST_ACCESS_ROLES_REQUEST_FAMILY_MIN_LENGTH: Final = 1
LIST_ACCESS_ROLES_REQUEST_FAMILY_MAX_LENGTH: Final = 128

# #/components/schemas/ListAtomicMemoryRequest
LIST_ATOMIC_MEMORY_REQUEST_STATES_MIN_ITEMS: Final = 1
LIST_ATOMIC_MEMORY_REQUEST_KIND_MIN_LENGTH: Final = 1
LIST_ATOMIC_MEMORY_REQUEST_KIND_MAX_LENGTH: Final = 128
LIST_ATOMIC_MEMORY_REQUEST_TAGS_MAX_ITEMS: Final = 16
LIST_ATOMIC_MEMORY_REQUEST_TAGS_ITEMS_MIN_LENGTH: Final = 1
LIST_ATOMIC_MEMORY_REQUEST_TAGS_ITEMS_MAX_LENGTH: Final = 64
LIST_ATOMIC_MEMORY_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_ATOMIC_MEMORY_REQUEST_LIMIT_MAXIMUM: Final = 100
LIST_ATOMIC_MEMORY_REQUEST_LIMIT_DEFAULT: Final = 50
LIST_ATOMIC_MEMORY_REQUEST_CURSOR_MIN_LENGTH: Final = 1
LIST_ATOMIC_MEMORY_REQUEST_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/ListAtomicMemoryResponse
LIST_ATOMIC_MEMORY_RESPONSE_ITEMS_MAX_ITEMS: Final = 100
LIST_ATOMIC_MEMORY_RESPONSE_NEXT_CURSOR_MIN_LENGTH: Final = 1

# #/components/schemas/ListCandidatesRequest
LIST_CANDIDATES_REQUEST_STATUS_DEFAULT: Final = "pending"
LIST_CANDIDATES_REQUEST_CURSOR_MIN_LENGTH: Final = 1
LIST_CANDIDATES_REQUEST_CURSOR_MAX_LENGTH: Final = 128
LIST_CANDIDATES_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_CANDIDATES_REQUEST_LIMIT_MAXIMUM: Final = 100
LIST_CANDIDATES_REQUEST_LIMIT_DEFAULT: Final = 50
ListCandidatesRequestCandidateKind = Literal["artifact", "tag"]
LIST_CANDIDATES_REQUEST_CANDIDATE_KIND_ENUM: Final[tuple[ListCandidatesRequestCandidateKind, ...]] = ("artifact", "tag")

# #/components/schemas/ListExternalSkillsRequest
LIST_EXTERNAL_SKILLS_REQUEST_INCLUDE_UNAVAILABLE_DEFAULT: Final = False

# #/components/schemas/ListManagedSkillsRequest
LIST_MANAGED_SKILLS_REQUEST_QUERY_MIN_LENGTH: Final = 1
LIST_MANAGED_SKILLS_REQUEST_QUERY_MAX_LENGTH: Final = 2000
LIST_MANAGED_SKILLS_REQUEST_INCLUDE_DEPRECATED_DEFAULT: Final = False
LIST_MANAGED_SKILLS_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_MANAGED_SKILLS_REQUEST_LIMIT_MAXIMUM: Final = 200
LIST_MANAGED_SKILLS_REQUEST_LIMIT_DEFAULT: Final = 100

# #/components/schemas/ListManagedSkillsResponse
LIST_MANAGED_SKILLS_RESPONSE_SKILLS_MAX_ITEMS: Final = 200

# #/components/schemas/ListMemoryChangesRequest
LIST_MEMORY_CHANGES_REQUEST_SINCE_REVISION_MINIMUM: Final = 0

# #/components/schemas/ListMemoryEntriesRequest
LIST_MEMORY_ENTRIES_REQUEST_INCLUDE_INACTIVE_DEFAULT: Final = False
LIST_MEMORY_ENTRIES_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_MEMORY_ENTRIES_REQUEST_LIMIT_MAXIMUM: Final = 100
LIST_MEMORY_ENTRIES_REQUEST_LIMIT_DEFAULT: Final = 50
LIST_MEMORY_ENTRIES_REQUEST_CURSOR_MIN_LENGTH: Final = 1

# #/components/schemas/ListMemoryEntriesResponse
LIST_MEMORY_ENTRIES_RESPONSE_ENTRIES_MAX_ITEMS: Final = 100
LIST_MEMORY_ENTRIES_RESPONSE_NEXT_CURSOR_MIN_LENGTH: Final = 1

# #/components/schemas/ListRemoteSkillTargetsRequest
LIST_REMOTE_SKILL_TARGETS_REQUEST_SCOPE_ID_MIN_LENGTH: Final = 1
LIST_REMOTE_SKILL_TARGETS_REQUEST_SCOPE_ID_MAX_LENGTH: Final = 256
LIST_REMOTE_SKILL_TARGETS_REQUEST_TARGET_ID_MIN_LENGTH: Final = 1
LIST_REMOTE_SKILL_TARGETS_REQUEST_TARGET_ID_MAX_LENGTH: Final = 64
LIST_REMOTE_SKILL_TARGETS_REQUEST_LIMIT_MINIMUM: Final = 1
LIST_REMOTE_SKILL_TARGETS_REQUEST_LIMIT_MAXIMUM: Final = 200
LIST_REMOTE_SKILL_TARGETS_REQUEST_LIMIT_DEFAULT: Final = 100

# #/components/schemas/ListRemoteSkillTargetsResponse
LIST_REMOTE_SKILL_TARGETS_RESPONSE_TARGETS_MAX_ITEMS: Final = 200

# #/components/schemas/MemoryCapacity
MEMORY_CAPACITY_ACTIVE_ENTRY_COUNT_MINIMUM: Final = 0
MEMORY_CAPACITY_MANIFEST_ENTRY_COUNT_MINIMUM: Final = 0
MEMORY_CAPACITY_MANIFEST_BYTES_MINIMUM: Final = 0
MEMORY_CAPACITY_COMPACTABLE_ENTRY_COUNT_MINIMUM: Final = 0

# #/components/schemas/MemoryCapacityBudget
MEMORY_CAPACITY_BUDGET_MAX_ACTIVE_ENTRIES_MINIMUM: Final = 1
MEMORY_CAPACITY_BUDGET_MAX_MANIFEST_ENTRIES_MINIMUM: Final = 1
MEMORY_CAPACITY_BUDGET_MAX_MANIFEST_BYTES_MINIMUM: Final = 1024

# #/components/schemas/MemoryCapacityDimension
MemoryCapacityDimension = Literal["active_entries", "manifest_entries", "manifest_bytes"]
MEMORY_CAPACITY_DIMENSION_ENUM: Final[tuple[MemoryCapacityDimension, ...]] = ("active_entries", "manifest_entries", "manifest_bytes")

# #/components/schemas/MemoryEntryAccessSelector
MemoryEntryAccessSelectorType = Literal["memory_entry"]
MEMORY_ENTRY_ACCESS_SELECTOR_TYPE_ENUM: Final[tuple[MemoryEntryAccessSelectorType, ...]] = ("memory_entry",)
MEMORY_ENTRY_ACCESS_SELECTOR_ENTRY_ID_MIN_LENGTH: Final = 1
MEMORY_ENTRY_ACCESS_SELECTOR_ENTRY_ID_MAX_LENGTH: Final = 128

# #/components/schemas/MemoryEntryInventoryStatistics
MEMORY_ENTRY_INVENTORY_STATISTICS_TOTAL_MINIMUM: Final = 0
MEMORY_ENTRY_INVENTORY_STATISTICS_ACTIVE_MINIMUM: Final = 0
MEMORY_ENTRY_INVENTORY_STATISTICS_INACTIVE_MINIMUM: Final = 0

# #/components/schemas/MemoryKindCount
MEMORY_KIND_COUNT_KIND_MIN_LENGTH: Final = 1
MEMORY_KIND_COUNT_KIND_MAX_LENGTH: Final = 128
MEMORY_KIND_COUNT_TOTAL_MINIMUM: Final = 0
MEMORY_KIND_COUNT_ACTIVE_MINIMUM: Final = 0
MEMORY_KIND_COUNT_INACTIVE_MINIMUM: Final = 0

# #/components/schemas/MemorySearchMode
MemorySearchMode = Literal["auto", "fts", "vector", "hybrid"]
MEMORY_SEARCH_MODE_ENUM: Final[tuple[MemorySearchMode, ...]] = ("auto", "fts", "vector", "hybrid")

# #/components/schemas/MergeAtomicMemoryRequest
MERGE_ATOMIC_MEMORY_REQUEST_INPUTS_MIN_ITEMS: Final = 2
MERGE_ATOMIC_MEMORY_REQUEST_INPUTS_MAX_ITEMS: Final = 64
MERGE_ATOMIC_MEMORY_REQUEST_SOURCE_REFS_MAX_ITEMS: Final = 0
MERGE_ATOMIC_MEMORY_REQUEST_SOURCE_REFS_MIN_ITEMS: Final = 1
MERGE_ATOMIC_MEMORY_REQUEST_ARTIFACT_REFS_MAX_ITEMS: Final = 64

# #/components/schemas/ModelUsageDay
MODEL_USAGE_DAY_BY_PURPOSE_MAX_ITEMS: Final = 16

# #/components/schemas/ModelUsagePurposeBreakdown
MODEL_USAGE_PURPOSE_BREAKDOWN_PURPOSE_MIN_LENGTH: Final = 1
MODEL_USAGE_PURPOSE_BREAKDOWN_PURPOSE_MAX_LENGTH: Final = 64

# #/components/schemas/ModelUsageValue
MODEL_USAGE_VALUE_REQUESTS_MINIMUM: Final = 0

# #/components/schemas/ObservedInvocation
ObservedInvocation = Literal["true", "false", "unknown"]
OBSERVED_INVOCATION_ENUM: Final[tuple[ObservedInvocation, ...]] = ("true", "false", "unknown")

# #/components/schemas/ObservedOutcome
ObservedOutcome = Literal["success", "failure", "unknown"]
OBSERVED_OUTCOME_ENUM: Final[tuple[ObservedOutcome, ...]] = ("success", "failure", "unknown")

# #/components/schemas/ObservedValidation
ObservedValidation = Literal["passed", "failed", "unknown"]
OBSERVED_VALIDATION_ENUM: Final[tuple[ObservedValidation, ...]] = ("passed", "failed", "unknown")

# #/components/schemas/OmissionReason
OmissionReason = Literal["duplicate", "blank", "family_limit", "entry_limit", "below_min_bytes", "no_fitting_truncation", "rerank_not_selected", "not_retrieved"]
OMISSION_REASON_ENUM: Final[tuple[OmissionReason, ...]] = ("duplicate", "blank", "family_limit", "entry_limit", "below_min_bytes", "no_fitting_truncation", "rerank_not_selected", "not_retrieved")

# #/components/schemas/OmittedGroup
OMITTED_GROUP_COUNT_MINIMUM: Final = 1
OMITTED_GROUP_COUNT_MAXIMUM: Final = 65535

# #/components/schemas/PrepareContextRequest
PREPARE_CONTEXT_REQUEST_QUERY_MIN_LENGTH: Final = 1
PREPARE_CONTEXT_REQUEST_QUERY_MAX_LENGTH: Final = 8192
PREPARE_CONTEXT_REQUEST_MAX_BYTES_MINIMUM: Final = 512
PREPARE_CONTEXT_REQUEST_MAX_BYTES_MAXIMUM: Final = 32768
PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT: Final = 8000
PREPARE_CONTEXT_REQUEST_INCLUDE_CODE_DEFAULT: Final = False
PREPARE_CONTEXT_REQUEST_EXPLAIN_DEFAULT: Final = False
PREPARE_CONTEXT_REQUEST_INCLUDE_RECEIPT_DEFAULT: Final = False
PREPARE_CONTEXT_REQUEST_BOOTSTRAP_RECEIPT_ID_MIN_LENGTH: Final = 1
PREPARE_CONTEXT_REQUEST_BOOTSTRAP_RECEIPT_ID_MAX_LENGTH: Final = 64

# #/components/schemas/PrepareHandoffHintRequest
PREPARE_HANDOFF_HINT_REQUEST_MAX_BYTES_MINIMUM: Final = 1
PREPARE_HANDOFF_HINT_REQUEST_MAX_BYTES_MAXIMUM: Final = 4000
PREPARE_HANDOFF_HINT_REQUEST_MAX_BYTES_DEFAULT: Final = 2000

# #/components/schemas/PrepareHandoffRequest
PREPARE_HANDOFF_REQUEST_OBJECTIVE_MIN_LENGTH: Final = 1
PREPARE_HANDOFF_REQUEST_OBJECTIVE_MAX_LENGTH: Final = 8192
PREPARE_HANDOFF_REQUEST_ROLLOVER_REASONS_MAX_ITEMS: Final = 6
PREPARE_HANDOFF_REQUEST_ROLLOVER_REASONS_DEFAULT: Final = ()
PREPARE_HANDOFF_REQUEST_EVIDENCE_MIN_ITEMS: Final = 1
PREPARE_HANDOFF_REQUEST_EVIDENCE_MAX_ITEMS: Final = 32
PREPARE_HANDOFF_REQUEST_MAX_BYTES_MINIMUM: Final = 512
PREPARE_HANDOFF_REQUEST_MAX_BYTES_MAXIMUM: Final = 32768
PREPARE_HANDOFF_REQUEST_MAX_BYTES_DEFAULT: Final = 8000

# #/components/schemas/PreparedContext
PREPARED_CONTEXT_SCHEMA_CONST: Final = "powercontext.prepared-context.v1"
PreparedContextStatus = Literal["ready", "empty"]
PREPARED_CONTEXT_STATUS_ENUM: Final[tuple[PreparedContextStatus, ...]] = ("ready", "empty")
PREPARED_CONTEXT_CONTENT_MAX_LENGTH: Final = 32768
PREPARED_CONTEXT_CONTENT_BYTES_MINIMUM: Final = 0
PREPARED_CONTEXT_CONTENT_BYTES_MAXIMUM: Final = 32768

# #/components/schemas/PreparedContextReceipt
PREPARED_CONTEXT_RECEIPT_SCHEMA_CONST: Final = "powercontext.prepared-context-receipt.v1"
PREPARED_CONTEXT_RECEIPT_POLICY_ID_CONST: Final = "powercontext.prepared-context-receipt.v1"
PREPARED_CONTEXT_RECEIPT_REQUESTED_MAX_BYTES_MINIMUM: Final = 512
PREPARED_CONTEXT_RECEIPT_REQUESTED_MAX_BYTES_MAXIMUM: Final = 32768
PREPARED_CONTEXT_RECEIPT_USED_BYTES_MINIMUM: Final = 0
PREPARED_CONTEXT_RECEIPT_USED_BYTES_MAXIMUM: Final = 32768
PREPARED_CONTEXT_RECEIPT_SELECTED_MAX_ITEMS: Final = 32
PREPARED_CONTEXT_RECEIPT_OMITTED_MAX_ITEMS: Final = 16
PREPARED_CONTEXT_RECEIPT_STAGES_MAX_ITEMS: Final = 8
# The Receipt serialized as compact UTF-8 JSON is at most this many bytes (semantic rule receipt_size); a Receipt that would be larger is dropped, never truncated.
PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM: Final = 8192

# #/components/schemas/PreparedHandoff
PreparedHandoffSchema = Literal["powercontext.prepared-handoff.v1"]
PREPARED_HANDOFF_SCHEMA_ENUM: Final[tuple[PreparedHandoffSchema, ...]] = ("powercontext.prepared-handoff.v1",)
PREPARED_HANDOFF_SCOPE_ID_MIN_LENGTH: Final = 1
PREPARED_HANDOFF_SCOPE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/ProfileActivationMode
ProfileActivationMode = Literal["automatic", "review_required"]
PROFILE_ACTIVATION_MODE_ENUM: Final[tuple[ProfileActivationMode, ...]] = ("automatic", "review_required")

# #/components/schemas/ProfileContent
PROFILE_CONTENT_CONTENT_MIN_LENGTH: Final = 1
PROFILE_CONTENT_CONTENT_MAX_LENGTH: Final = 65536

# #/components/schemas/ProfilePolicy
PROFILE_POLICY_VERSION_MINIMUM: Final = 1

# #/components/schemas/PromptCapability
PromptCapabilityStatus = Literal["supported", "disabled", "unsupported"]
PROMPT_CAPABILITY_STATUS_ENUM: Final[tuple[PromptCapabilityStatus, ...]] = ("supported", "disabled", "unsupported")

# #/components/schemas/PromptCatalogueKey
PromptCatalogueKey = Literal["memory.extract", "memory.rerank", "atomic_memory.extract", "atomic_memory.reconcile", "experience.incubate", "experience.generate", "skill.generate", "handoff.generate", "topic_memory.probe", "topic_memory.global", "topic_memory.planner", "topic_memory.evolve", "topic_memory.temporary", "topic_memory.reduce", "topic_memory.reconcile", "profile.generate"]
PROMPT_CATALOGUE_KEY_ENUM: Final[tuple[PromptCatalogueKey, ...]] = ("memory.extract", "memory.rerank", "atomic_memory.extract", "atomic_memory.reconcile", "experience.incubate", "experience.generate", "skill.generate", "handoff.generate", "topic_memory.probe", "topic_memory.global", "topic_memory.planner", "topic_memory.evolve", "topic_memory.temporary", "topic_memory.reduce", "topic_memory.reconcile", "profile.generate")

# #/components/schemas/PromptConfiguration
PromptConfigurationStatus = Literal["supported", "disabled", "unsupported"]
PROMPT_CONFIGURATION_STATUS_ENUM: Final[tuple[PromptConfigurationStatus, ...]] = ("supported", "disabled", "unsupported")
PromptConfigurationMode = Literal["auto", "custom"]
PROMPT_CONFIGURATION_MODE_ENUM: Final[tuple[PromptConfigurationMode, ...]] = ("auto", "custom")

# #/components/schemas/PromptContent
PROMPT_CONTENT_SCHEMA_VERSION_CONST: Final = "powercontext.prompt.v1"
PromptContentMode = Literal["auto", "custom"]
PROMPT_CONTENT_MODE_ENUM: Final[tuple[PromptContentMode, ...]] = ("auto", "custom")
PROMPT_CONTENT_INSTRUCTIONS_MAX_LENGTH: Final = 32768
PROMPT_CONTENT_DEMONSTRATIONS_MAX_ITEMS: Final = 50

# #/components/schemas/PromptDemonstration
PROMPT_DEMONSTRATION_INPUT_MIN_LENGTH: Final = 1
PROMPT_DEMONSTRATION_INPUT_MAX_LENGTH: Final = 65536
PROMPT_DEMONSTRATION_EXPECTED_OUTPUT_MIN_LENGTH: Final = 1
PROMPT_DEMONSTRATION_EXPECTED_OUTPUT_MAX_LENGTH: Final = 65536

# #/components/schemas/PromptDemonstrationResult
PROMPT_DEMONSTRATION_RESULT_DEMONSTRATIONS_MIN_ITEMS: Final = 1
PROMPT_DEMONSTRATION_RESULT_DEMONSTRATIONS_MAX_ITEMS: Final = 20

# #/components/schemas/PromptKey
PromptKey = Literal["memory.rerank", "query.expand", "atomic_memory.extract", "handoff.generate", "profile.generate"]
PROMPT_KEY_ENUM: Final[tuple[PromptKey, ...]] = ("memory.rerank", "query.expand", "atomic_memory.extract", "handoff.generate", "profile.generate")

# #/components/schemas/ProposeExperienceRequest
PROPOSE_EXPERIENCE_REQUEST_SOURCE_REFS_MAX_ITEMS: Final = 32
PROPOSE_EXPERIENCE_REQUEST_ARTIFACT_REFS_MAX_ITEMS: Final = 32
PROPOSE_EXPERIENCE_REQUEST_REASON_MIN_LENGTH: Final = 1
PROPOSE_EXPERIENCE_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/ProposeSkillPackageRequest
PROPOSE_SKILL_PACKAGE_REQUEST_ARCHIVE_BASE64_MIN_LENGTH: Final = 1
PROPOSE_SKILL_PACKAGE_REQUEST_ARCHIVE_BASE64_MAX_LENGTH: Final = 6990508
PROPOSE_SKILL_PACKAGE_REQUEST_REASON_MIN_LENGTH: Final = 1
PROPOSE_SKILL_PACKAGE_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/ProposeSkillRequest
PROPOSE_SKILL_REQUEST_SOURCE_REFS_MAX_ITEMS: Final = 32
PROPOSE_SKILL_REQUEST_ARTIFACT_REFS_MAX_ITEMS: Final = 32
PROPOSE_SKILL_REQUEST_REASON_MIN_LENGTH: Final = 1
PROPOSE_SKILL_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/PublishArtifactRequest
PUBLISH_ARTIFACT_REQUEST_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
PUBLISH_ARTIFACT_REQUEST_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 256

# #/components/schemas/PublishRemoteSkillRequest
PUBLISH_REMOTE_SKILL_REQUEST_SCOPE_ID_MIN_LENGTH: Final = 1
PUBLISH_REMOTE_SKILL_REQUEST_SCOPE_ID_MAX_LENGTH: Final = 256
PUBLISH_REMOTE_SKILL_REQUEST_TARGET_ID_MIN_LENGTH: Final = 1
PUBLISH_REMOTE_SKILL_REQUEST_TARGET_ID_MAX_LENGTH: Final = 64
PUBLISH_REMOTE_SKILL_REQUEST_EXPECTED_GENERATION_MINIMUM: Final = 0
PUBLISH_REMOTE_SKILL_REQUEST_ALLOW_DEPRECATED_DEFAULT: Final = False

# #/components/schemas/PutProfilePolicyRequest
PUT_PROFILE_POLICY_REQUEST_ACTIVATION_MODE_DEFAULT: Final = "automatic"
PUT_PROFILE_POLICY_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 0

# #/components/schemas/QueryArtifactTagsRequest
QUERY_ARTIFACT_TAGS_REQUEST_TAGS_MIN_ITEMS: Final = 1
QUERY_ARTIFACT_TAGS_REQUEST_TAGS_MAX_ITEMS: Final = 16
QUERY_ARTIFACT_TAGS_REQUEST_TAGS_ITEMS_MIN_LENGTH: Final = 1
QUERY_ARTIFACT_TAGS_REQUEST_TAGS_ITEMS_MAX_LENGTH: Final = 64
QUERY_ARTIFACT_TAGS_REQUEST_MATCH_DEFAULT: Final = "all"
QUERY_ARTIFACT_TAGS_REQUEST_FAMILIES_MIN_ITEMS: Final = 1
QUERY_ARTIFACT_TAGS_REQUEST_FAMILIES_MAX_ITEMS: Final = 7
QUERY_ARTIFACT_TAGS_REQUEST_TARGET_TYPES_MIN_ITEMS: Final = 1
QUERY_ARTIFACT_TAGS_REQUEST_TARGET_TYPES_MAX_ITEMS: Final = 2
QUERY_ARTIFACT_TAGS_REQUEST_INCLUDE_INACTIVE_DEFAULT: Final = False
QUERY_ARTIFACT_TAGS_REQUEST_LIMIT_MINIMUM: Final = 1
QUERY_ARTIFACT_TAGS_REQUEST_LIMIT_MAXIMUM: Final = 100
QUERY_ARTIFACT_TAGS_REQUEST_LIMIT_DEFAULT: Final = 50
QUERY_ARTIFACT_TAGS_REQUEST_CURSOR_MIN_LENGTH: Final = 1
QUERY_ARTIFACT_TAGS_REQUEST_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/RecallRound
RECALL_ROUND_ROUND_MINIMUM: Final = 0
RECALL_ROUND_ROUND_MAXIMUM: Final = 2
RecallRoundOutcome = Literal["completed", "expansion_failed"]
RECALL_ROUND_OUTCOME_ENUM: Final[tuple[RecallRoundOutcome, ...]] = ("completed", "expansion_failed")

# #/components/schemas/RecallTokenDay
RECALL_TOKEN_DAY_PREPARATIONS_MINIMUM: Final = 0
RECALL_TOKEN_DAY_READY_PREPARATIONS_MINIMUM: Final = 0
RECALL_TOKEN_DAY_COMPARABLE_PREPARATIONS_MINIMUM: Final = 0
RECALL_TOKEN_DAY_BASELINE_TOKENS_MINIMUM: Final = 0
RECALL_TOKEN_DAY_RECALLED_TOKENS_MINIMUM: Final = 0

# #/components/schemas/RecallTokenStatistics
RECALL_TOKEN_STATISTICS_DAILY_MAX_ITEMS: Final = 30

# #/components/schemas/RecallTokenValue
RECALL_TOKEN_VALUE_PREPARATIONS_MINIMUM: Final = 0
RECALL_TOKEN_VALUE_READY_PREPARATIONS_MINIMUM: Final = 0
RECALL_TOKEN_VALUE_COMPARABLE_PREPARATIONS_MINIMUM: Final = 0
RECALL_TOKEN_VALUE_BASELINE_TOKENS_MINIMUM: Final = 0
RECALL_TOKEN_VALUE_RECALLED_TOKENS_MINIMUM: Final = 0

# #/components/schemas/ReceiverChecks
ReceiverChecksLiveState = Literal["confirmed", "mismatch", "not_checked"]
RECEIVER_CHECKS_LIVE_STATE_ENUM: Final[tuple[ReceiverChecksLiveState, ...]] = ("confirmed", "mismatch", "not_checked")
ReceiverChecksCapability = Literal["confirmed", "insufficient", "not_checked"]
RECEIVER_CHECKS_CAPABILITY_ENUM: Final[tuple[ReceiverChecksCapability, ...]] = ("confirmed", "insufficient", "not_checked")
ReceiverChecksAuthorization = Literal["confirmed", "insufficient", "not_checked"]
RECEIVER_CHECKS_AUTHORIZATION_ENUM: Final[tuple[ReceiverChecksAuthorization, ...]] = ("confirmed", "insufficient", "not_checked")

# #/components/schemas/ReconcileRemoteSkillsRequest
RECONCILE_REMOTE_SKILLS_REQUEST_OBSERVATIONS_MAX_ITEMS: Final = 256
RECONCILE_REMOTE_SKILLS_REQUEST_RECEIVER_VERSION_MIN_LENGTH: Final = 1
RECONCILE_REMOTE_SKILLS_REQUEST_RECEIVER_VERSION_MAX_LENGTH: Final = 64

# #/components/schemas/ReconcileRemoteSkillsResponse
RECONCILE_REMOTE_SKILLS_RESPONSE_ACTIONS_MAX_ITEMS: Final = 256

# #/components/schemas/RecordBootstrapDeliveryRequest
RECORD_BOOTSTRAP_DELIVERY_REQUEST_RECEIPT_ID_MIN_LENGTH: Final = 1
RECORD_BOOTSTRAP_DELIVERY_REQUEST_RECEIPT_ID_MAX_LENGTH: Final = 64
RecordBootstrapDeliveryRequestOutcome = Literal["injected", "failed"]
RECORD_BOOTSTRAP_DELIVERY_REQUEST_OUTCOME_ENUM: Final[tuple[RecordBootstrapDeliveryRequestOutcome, ...]] = ("injected", "failed")

# #/components/schemas/RecordRemoteSkillReceiptRequest
RECORD_REMOTE_SKILL_RECEIPT_REQUEST_GENERATION_MINIMUM: Final = 0
RECORD_REMOTE_SKILL_RECEIPT_REQUEST_ERROR_CODE_MIN_LENGTH: Final = 1
RECORD_REMOTE_SKILL_RECEIPT_REQUEST_ERROR_CODE_MAX_LENGTH: Final = 128
RECORD_REMOTE_SKILL_RECEIPT_REQUEST_RECEIVER_VERSION_MIN_LENGTH: Final = 1
RECORD_REMOTE_SKILL_RECEIPT_REQUEST_RECEIVER_VERSION_MAX_LENGTH: Final = 64

# #/components/schemas/RecordSkillUsageRequest
RECORD_SKILL_USAGE_REQUEST_OBSERVATION_ID_MIN_LENGTH: Final = 1
RECORD_SKILL_USAGE_REQUEST_OBSERVATION_ID_MAX_LENGTH: Final = 256
RECORD_SKILL_USAGE_REQUEST_TARGET_ID_MIN_LENGTH: Final = 1
RECORD_SKILL_USAGE_REQUEST_TARGET_ID_MAX_LENGTH: Final = 128

# #/components/schemas/RecordTaskOutcomeRequest
RECORD_TASK_OUTCOME_REQUEST_SOURCE_ID_MIN_LENGTH: Final = 1
RECORD_TASK_OUTCOME_REQUEST_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/RecurrenceStatistics
RECURRENCE_STATISTICS_SELECTED_MINIMUM: Final = 0
RECURRENCE_STATISTICS_RECURRED_MINIMUM: Final = 0
RECURRENCE_STATISTICS_AVOIDED_MINIMUM: Final = 0
RECURRENCE_STATISTICS_UNKNOWN_MINIMUM: Final = 0
RECURRENCE_STATISTICS_UNLINKED_HANDOFF_CITATIONS_MINIMUM: Final = 0
RECURRENCE_STATISTICS_NEEDING_REVIEW_MINIMUM: Final = 0
RECURRENCE_STATISTICS_TOP_REVISIONS_MAX_ITEMS: Final = 20

# #/components/schemas/RecurrenceStreak
RECURRENCE_STREAK_SIGNATURE_KEY_MAX_LENGTH: Final = 1024
RECURRENCE_STREAK_TERMINAL_RECURRED_STREAK_MINIMUM: Final = 0

# #/components/schemas/RejectCandidateRequest
REJECT_CANDIDATE_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 1
REJECT_CANDIDATE_REQUEST_REASON_MIN_LENGTH: Final = 1
REJECT_CANDIDATE_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/RememberMemoryRequest
REMEMBER_MEMORY_REQUEST_KIND_MIN_LENGTH: Final = 1
REMEMBER_MEMORY_REQUEST_KIND_MAX_LENGTH: Final = 128
REMEMBER_MEMORY_REQUEST_TEXT_MIN_LENGTH: Final = 1
REMEMBER_MEMORY_REQUEST_TEXT_MAX_LENGTH: Final = 8192

# #/components/schemas/RemoteAgentKind
RemoteAgentKind = Literal["codex", "claude_code"]
REMOTE_AGENT_KIND_ENUM: Final[tuple[RemoteAgentKind, ...]] = ("codex", "claude_code")

# #/components/schemas/RemoteSkillAction
REMOTE_SKILL_ACTION_GENERATION_MINIMUM: Final = 0
REMOTE_SKILL_ACTION_SKILL_NAME_MIN_LENGTH: Final = 1
REMOTE_SKILL_ACTION_SKILL_NAME_MAX_LENGTH: Final = 64
REMOTE_SKILL_ACTION_BLOCKED_ERROR_CODE_MIN_LENGTH: Final = 1
REMOTE_SKILL_ACTION_BLOCKED_ERROR_CODE_MAX_LENGTH: Final = 128

# #/components/schemas/RemoteSkillDesiredState
RemoteSkillDesiredState = Literal["published", "unpublished"]
REMOTE_SKILL_DESIRED_STATE_ENUM: Final[tuple[RemoteSkillDesiredState, ...]] = ("published", "unpublished")

# #/components/schemas/RemoteSkillFailureState
RemoteSkillFailureState = Literal["delivery_failed", "conflict", "drifted", "incompatible"]
REMOTE_SKILL_FAILURE_STATE_ENUM: Final[tuple[RemoteSkillFailureState, ...]] = ("delivery_failed", "conflict", "drifted", "incompatible")

# #/components/schemas/RemoteSkillObservation
REMOTE_SKILL_OBSERVATION_SKILL_NAME_MIN_LENGTH: Final = 1
REMOTE_SKILL_OBSERVATION_SKILL_NAME_MAX_LENGTH: Final = 64
REMOTE_SKILL_OBSERVATION_APPLIED_GENERATION_MINIMUM: Final = 0

# #/components/schemas/RemoteSkillOperation
RemoteSkillOperation = Literal["install", "unpublish"]
REMOTE_SKILL_OPERATION_ENUM: Final[tuple[RemoteSkillOperation, ...]] = ("install", "unpublish")

# #/components/schemas/RemoteSkillPublication
REMOTE_SKILL_PUBLICATION_DESIRED_REVISION_MINIMUM: Final = 1
REMOTE_SKILL_PUBLICATION_OBSERVED_REVISION_MINIMUM: Final = 1
REMOTE_SKILL_PUBLICATION_OBSERVED_GENERATION_MINIMUM: Final = 0
REMOTE_SKILL_PUBLICATION_LAST_ERROR_CODE_MIN_LENGTH: Final = 1
REMOTE_SKILL_PUBLICATION_LAST_ERROR_CODE_MAX_LENGTH: Final = 128
REMOTE_SKILL_PUBLICATION_GENERATION_MINIMUM: Final = 0

# #/components/schemas/RemoteSkillPublicationState
RemoteSkillPublicationState = Literal["unpublished", "pending", "current", "update_available", "delivery_failed", "conflict", "drifted", "incompatible"]
REMOTE_SKILL_PUBLICATION_STATE_ENUM: Final[tuple[RemoteSkillPublicationState, ...]] = ("unpublished", "pending", "current", "update_available", "delivery_failed", "conflict", "drifted", "incompatible")

# #/components/schemas/RemoteSkillReceiptOutcome
RemoteSkillReceiptOutcome = Literal["succeeded", "failed"]
REMOTE_SKILL_RECEIPT_OUTCOME_ENUM: Final[tuple[RemoteSkillReceiptOutcome, ...]] = ("succeeded", "failed")

# #/components/schemas/RemoteSkillTarget
REMOTE_SKILL_TARGET_SCOPE_ID_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_SCOPE_ID_MAX_LENGTH: Final = 256
REMOTE_SKILL_TARGET_TARGET_ID_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_TARGET_ID_MAX_LENGTH: Final = 64
REMOTE_SKILL_TARGET_DISPLAY_NAME_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_DISPLAY_NAME_MAX_LENGTH: Final = 128
RemoteSkillTargetInstallationScope = Literal["project"]
REMOTE_SKILL_TARGET_INSTALLATION_SCOPE_ENUM: Final[tuple[RemoteSkillTargetInstallationScope, ...]] = ("project",)
RemoteSkillTargetDeliveryMode = Literal["agent_pull"]
REMOTE_SKILL_TARGET_DELIVERY_MODE_ENUM: Final[tuple[RemoteSkillTargetDeliveryMode, ...]] = ("agent_pull",)
REMOTE_SKILL_TARGET_INSTALLATION_ID_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_INSTALLATION_ID_MAX_LENGTH: Final = 128
REMOTE_SKILL_TARGET_RECEIVER_VERSION_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_RECEIVER_VERSION_MAX_LENGTH: Final = 64
REMOTE_SKILL_TARGET_MACHINE_HOSTNAME_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_MACHINE_HOSTNAME_MAX_LENGTH: Final = 255
REMOTE_SKILL_TARGET_WORKSPACE_NAME_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_WORKSPACE_NAME_MAX_LENGTH: Final = 128
REMOTE_SKILL_TARGET_GENERATION_MINIMUM: Final = 0

# #/components/schemas/RemoteSkillTargetCredential
REMOTE_SKILL_TARGET_CREDENTIAL_SCOPE_ID_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_CREDENTIAL_SCOPE_ID_MAX_LENGTH: Final = 256
REMOTE_SKILL_TARGET_CREDENTIAL_TARGET_ID_MIN_LENGTH: Final = 1
REMOTE_SKILL_TARGET_CREDENTIAL_TARGET_ID_MAX_LENGTH: Final = 64
REMOTE_SKILL_TARGET_CREDENTIAL_CREDENTIAL_MIN_LENGTH: Final = 32
REMOTE_SKILL_TARGET_CREDENTIAL_CREDENTIAL_MAX_LENGTH: Final = 256

# #/components/schemas/RemoteSkillTargetEnrollment
REMOTE_SKILL_TARGET_ENROLLMENT_ENROLLMENT_CODE_MIN_LENGTH: Final = 32
REMOTE_SKILL_TARGET_ENROLLMENT_ENROLLMENT_CODE_MAX_LENGTH: Final = 256

# #/components/schemas/RemoteSkillTargetState
RemoteSkillTargetState = Literal["pending", "active", "revoked"]
REMOTE_SKILL_TARGET_STATE_ENUM: Final[tuple[RemoteSkillTargetState, ...]] = ("pending", "active", "revoked")

# #/components/schemas/RemoteSkillTargetStatus
REMOTE_SKILL_TARGET_STATUS_PUBLICATIONS_MAX_ITEMS: Final = 256

# #/components/schemas/RenameRemoteSkillTargetRequest
RENAME_REMOTE_SKILL_TARGET_REQUEST_SCOPE_ID_MIN_LENGTH: Final = 1
RENAME_REMOTE_SKILL_TARGET_REQUEST_SCOPE_ID_MAX_LENGTH: Final = 256
RENAME_REMOTE_SKILL_TARGET_REQUEST_TARGET_ID_MIN_LENGTH: Final = 1
RENAME_REMOTE_SKILL_TARGET_REQUEST_TARGET_ID_MAX_LENGTH: Final = 64
RENAME_REMOTE_SKILL_TARGET_REQUEST_DISPLAY_NAME_MIN_LENGTH: Final = 1
RENAME_REMOTE_SKILL_TARGET_REQUEST_DISPLAY_NAME_MAX_LENGTH: Final = 128
RENAME_REMOTE_SKILL_TARGET_REQUEST_EXPECTED_GENERATION_MINIMUM: Final = 0

# #/components/schemas/ReplaceAccessBindingRequest
REPLACE_ACCESS_BINDING_REQUEST_BINDING_ID_MIN_LENGTH: Final = 1
REPLACE_ACCESS_BINDING_REQUEST_BINDING_ID_MAX_LENGTH: Final = 64
REPLACE_ACCESS_BINDING_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 1
REPLACE_ACCESS_BINDING_REQUEST_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
REPLACE_ACCESS_BINDING_REQUEST_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 255

# #/components/schemas/ReplaceArtifactTagsRequest
REPLACE_ARTIFACT_TAGS_REQUEST_TAGS_MIN_ITEMS: Final = 0
REPLACE_ARTIFACT_TAGS_REQUEST_TAGS_MAX_ITEMS: Final = 32
REPLACE_ARTIFACT_TAGS_REQUEST_TAGS_ITEMS_MIN_LENGTH: Final = 1
REPLACE_ARTIFACT_TAGS_REQUEST_TAGS_ITEMS_MAX_LENGTH: Final = 64
# The longest normalised tag (NFC then case folded) accepted, in code points (PowerContext's bound).
REPLACE_ARTIFACT_TAGS_REQUEST_TAG_KEY_MAX_LENGTH: Final = 128

# #/components/schemas/ReportFormat
ReportFormat = Literal["json", "markdown"]
REPORT_FORMAT_ENUM: Final[tuple[ReportFormat, ...]] = ("json", "markdown")

# #/components/schemas/ReportHandoffContent
ReportHandoffContentSchema = Literal["powercontext.handoff.v1"]
REPORT_HANDOFF_CONTENT_SCHEMA_ENUM: Final[tuple[ReportHandoffContentSchema, ...]] = ("powercontext.handoff.v1",)
REPORT_HANDOFF_CONTENT_OBJECTIVE_MIN_LENGTH: Final = 1
REPORT_HANDOFF_CONTENT_OBJECTIVE_MAX_LENGTH: Final = 8192
REPORT_HANDOFF_CONTENT_STATE_MIN_ITEMS: Final = 1
REPORT_HANDOFF_CONTENT_STATE_MAX_ITEMS: Final = 64
REPORT_HANDOFF_CONTENT_OMISSIONS_MAX_ITEMS: Final = 64

# #/components/schemas/ReportHandoffOmission
REPORT_HANDOFF_OMISSION_TEXT_MIN_LENGTH: Final = 1
REPORT_HANDOFF_OMISSION_TEXT_MAX_LENGTH: Final = 8192

# #/components/schemas/ReportHandoffSourceCitation
ReportHandoffSourceCitationKind = Literal["source"]
REPORT_HANDOFF_SOURCE_CITATION_KIND_ENUM: Final[tuple[ReportHandoffSourceCitationKind, ...]] = ("source",)

# #/components/schemas/ReportHandoffStatement
REPORT_HANDOFF_STATEMENT_TEXT_MIN_LENGTH: Final = 1
REPORT_HANDOFF_STATEMENT_TEXT_MAX_LENGTH: Final = 8192
REPORT_HANDOFF_STATEMENT_CITATIONS_MIN_ITEMS: Final = 1
REPORT_HANDOFF_STATEMENT_CITATIONS_MAX_ITEMS: Final = 32

# #/components/schemas/ReportSelection
ReportSelectionMode = Literal["all", "exact", "subtree"]
REPORT_SELECTION_MODE_ENUM: Final[tuple[ReportSelectionMode, ...]] = ("all", "exact", "subtree")
REPORT_SELECTION_SCOPE_IDS_MAX_ITEMS: Final = 1000

# #/components/schemas/RepositoryPath
REPOSITORY_PATH_MIN_LENGTH: Final = 1
REPOSITORY_PATH_MAX_LENGTH: Final = 1024

# #/components/schemas/RequestReason
RequestReason = Literal["query_without_query_field", "cursor_malformed", "cursor_mismatch", "distinct_scopes_required"]
REQUEST_REASON_ENUM: Final[tuple[RequestReason, ...]] = ("query_without_query_field", "cursor_malformed", "cursor_mismatch", "distinct_scopes_required")

# #/components/schemas/RerankConfig
RERANK_CONFIG_POLICY_ID_MIN_LENGTH: Final = 1
RERANK_CONFIG_POLICY_ID_MAX_LENGTH: Final = 128
RERANK_CONFIG_MODEL_MIN_LENGTH: Final = 3
RERANK_CONFIG_MODEL_MAX_LENGTH: Final = 200
RERANK_CONFIG_TIMEOUT_SECONDS_MAXIMUM: Final = 600
RERANK_CONFIG_TIMEOUT_SECONDS_EXCLUSIVE_MINIMUM: Final = 0
RERANK_CONFIG_MAX_REQUESTS_MINIMUM: Final = 1
RERANK_CONFIG_MAX_REQUESTS_MAXIMUM: Final = 1000

# #/components/schemas/RerankGroup
RERANK_GROUP_ROUND_MINIMUM: Final = 0
RERANK_GROUP_ROUND_MAXIMUM: Final = 2
RerankGroupOutcome = Literal["selected", "fallback", "failed"]
RERANK_GROUP_OUTCOME_ENUM: Final[tuple[RerankGroupOutcome, ...]] = ("selected", "fallback", "failed")
RerankGroupFallbackReason = Literal["none", "empty_selection", "inference_unavailable", "inference_timeout", "invalid_output"]
RERANK_GROUP_FALLBACK_REASON_ENUM: Final[tuple[RerankGroupFallbackReason, ...]] = ("none", "empty_selection", "inference_unavailable", "inference_timeout", "invalid_output")
RERANK_GROUP_COUNT_MINIMUM: Final = 1
RERANK_GROUP_COUNT_MAXIMUM: Final = 65535

# #/components/schemas/RerankPromptIdentity
RERANK_PROMPT_IDENTITY_DEFINITION_VERSION_MINIMUM: Final = 1
RERANK_PROMPT_IDENTITY_DEFINITION_VERSION_MAXIMUM: Final = 65535
RERANK_PROMPT_IDENTITY_BUILTIN_VERSION_MINIMUM: Final = 1
RERANK_PROMPT_IDENTITY_BUILTIN_VERSION_MAXIMUM: Final = 65535
RerankPromptIdentitySelection = Literal["built_in", "artifact"]
RERANK_PROMPT_IDENTITY_SELECTION_ENUM: Final[tuple[RerankPromptIdentitySelection, ...]] = ("built_in", "artifact")
RERANK_PROMPT_IDENTITY_SELECTED_VERSION_MINIMUM: Final = 1
RERANK_PROMPT_IDENTITY_SELECTED_VERSION_MAXIMUM: Final = 2147483647

# #/components/schemas/RerankSettings
RERANK_SETTINGS_ALLOWLIST_CONST: Final = "pcreceipt.rerank-settings.v1"
RERANK_SETTINGS_TEMPERATURE_MINIMUM: Final = 0
RERANK_SETTINGS_TEMPERATURE_MAXIMUM: Final = 2
RERANK_SETTINGS_TOP_P_MAXIMUM: Final = 1
RERANK_SETTINGS_TOP_P_EXCLUSIVE_MINIMUM: Final = 0
RERANK_SETTINGS_MAX_TOKENS_MINIMUM: Final = 1
RERANK_SETTINGS_MAX_TOKENS_MAXIMUM: Final = 131072
RERANK_SETTINGS_SEED_MINIMUM: Final = 0
RERANK_SETTINGS_SEED_MAXIMUM: Final = 4294967295
RERANK_SETTINGS_CANDIDATE_LIMIT_MINIMUM: Final = 1
RERANK_SETTINGS_CANDIDATE_LIMIT_MAXIMUM: Final = 256
RERANK_SETTINGS_KEEP_MINIMUM: Final = 1
RERANK_SETTINGS_KEEP_MAXIMUM: Final = 256
RerankSettingsResponseFormat = Literal["text", "json_object"]
RERANK_SETTINGS_RESPONSE_FORMAT_ENUM: Final[tuple[RerankSettingsResponseFormat, ...]] = ("text", "json_object")
RerankSettingsOnFailure = Literal["coarse_order", "drop_family"]
RERANK_SETTINGS_ON_FAILURE_ENUM: Final[tuple[RerankSettingsOnFailure, ...]] = ("coarse_order", "drop_family")
RERANK_SETTINGS_ALGORITHM_VERSION_MINIMUM: Final = 1
RERANK_SETTINGS_ALGORITHM_VERSION_MAXIMUM: Final = 65535

# #/components/schemas/ResolveExternalSkillRequest
RESOLVE_EXTERNAL_SKILL_REQUEST_EXTERNAL_SKILL_ID_MIN_LENGTH: Final = 1
RESOLVE_EXTERNAL_SKILL_REQUEST_EXTERNAL_SKILL_ID_MAX_LENGTH: Final = 128

# #/components/schemas/ResolveScopeBindingRequest
RESOLVE_SCOPE_BINDING_REQUEST_ALLOW_DEFAULT_DEFAULT: Final = True
RESOLVE_SCOPE_BINDING_REQUEST_BINDING_KEYS_MAX_ITEMS: Final = 64
RESOLVE_SCOPE_BINDING_REQUEST_BINDING_KEYS_DEFAULT: Final = ()

# #/components/schemas/ResolvedUsagePeriod
ResolvedUsagePeriodTimezone = Literal["UTC"]
RESOLVED_USAGE_PERIOD_TIMEZONE_ENUM: Final[tuple[ResolvedUsagePeriodTimezone, ...]] = ("UTC",)

# #/components/schemas/RetireMemoryEntryRequest
RETIRE_MEMORY_ENTRY_REQUEST_REASON_MAX_LENGTH: Final = 512

# #/components/schemas/Retrieval
RETRIEVAL_ROUNDS_MIN_ITEMS: Final = 1
RETRIEVAL_ROUNDS_MAX_ITEMS: Final = 3
RETRIEVAL_SEARCHES_MAX_ITEMS: Final = 32
RETRIEVAL_RERANK_CONFIGS_MAX_ITEMS: Final = 8
RETRIEVAL_RERANKS_MAX_ITEMS: Final = 32

# #/components/schemas/RetryTopicMemoryProcessingRequest
RETRY_TOPIC_MEMORY_PROCESSING_REQUEST_BLOCK_ID_MIN_LENGTH: Final = 1
RETRY_TOPIC_MEMORY_PROCESSING_REQUEST_BLOCK_ID_MAX_LENGTH: Final = 36

# #/components/schemas/RetryTopicMemoryProcessingResponse
RetryTopicMemoryProcessingResponseStatus = Literal["accepted"]
RETRY_TOPIC_MEMORY_PROCESSING_RESPONSE_STATUS_ENUM: Final[tuple[RetryTopicMemoryProcessingResponseStatus, ...]] = ("accepted",)

# #/components/schemas/ReviewArtifactReference
REVIEW_ARTIFACT_REFERENCE_FAMILY_MIN_LENGTH: Final = 1
REVIEW_ARTIFACT_REFERENCE_FAMILY_MAX_LENGTH: Final = 128
REVIEW_ARTIFACT_REFERENCE_ARTIFACT_ID_MIN_LENGTH: Final = 1
REVIEW_ARTIFACT_REFERENCE_ARTIFACT_ID_MAX_LENGTH: Final = 128
REVIEW_ARTIFACT_REFERENCE_REVISION_MINIMUM: Final = 1

# #/components/schemas/ReviewedFamily
ReviewedFamily = Literal["experience", "skill"]
REVIEWED_FAMILY_ENUM: Final[tuple[ReviewedFamily, ...]] = ("experience", "skill")

# #/components/schemas/ReviseCandidateRequest
REVISE_CANDIDATE_REQUEST_SOURCES_MAX_ITEMS: Final = 32
REVISE_CANDIDATE_REQUEST_ARTIFACTS_MAX_ITEMS: Final = 32
REVISE_CANDIDATE_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 1
REVISE_CANDIDATE_REQUEST_SOURCE_REFS_MAX_ITEMS: Final = 32
REVISE_CANDIDATE_REQUEST_ARTIFACT_REFS_MAX_ITEMS: Final = 32
REVISE_CANDIDATE_REQUEST_REASON_MIN_LENGTH: Final = 1
REVISE_CANDIDATE_REQUEST_REASON_MAX_LENGTH: Final = 2000

# #/components/schemas/ReviseMemoryEntryRequest
REVISE_MEMORY_ENTRY_REQUEST_KIND_MIN_LENGTH: Final = 1
REVISE_MEMORY_ENTRY_REQUEST_KIND_MAX_LENGTH: Final = 128
REVISE_MEMORY_ENTRY_REQUEST_TEXT_MIN_LENGTH: Final = 1
REVISE_MEMORY_ENTRY_REQUEST_REASON_MAX_LENGTH: Final = 512

# #/components/schemas/Revision
REVISION_MINIMUM: Final = 1
REVISION_MAXIMUM: Final = 2147483647

# #/components/schemas/RevokeAccessBindingRequest
REVOKE_ACCESS_BINDING_REQUEST_BINDING_ID_MIN_LENGTH: Final = 1
REVOKE_ACCESS_BINDING_REQUEST_BINDING_ID_MAX_LENGTH: Final = 64
REVOKE_ACCESS_BINDING_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 1
REVOKE_ACCESS_BINDING_REQUEST_IDEMPOTENCY_KEY_MIN_LENGTH: Final = 1
REVOKE_ACCESS_BINDING_REQUEST_IDEMPOTENCY_KEY_MAX_LENGTH: Final = 255

# #/components/schemas/RevokeRemoteSkillTargetRequest
REVOKE_REMOTE_SKILL_TARGET_REQUEST_SCOPE_ID_MIN_LENGTH: Final = 1
REVOKE_REMOTE_SKILL_TARGET_REQUEST_SCOPE_ID_MAX_LENGTH: Final = 256
REVOKE_REMOTE_SKILL_TARGET_REQUEST_TARGET_ID_MIN_LENGTH: Final = 1
REVOKE_REMOTE_SKILL_TARGET_REQUEST_TARGET_ID_MAX_LENGTH: Final = 64
REVOKE_REMOTE_SKILL_TARGET_REQUEST_EXPECTED_GENERATION_MINIMUM: Final = 0

# #/components/schemas/ScanExternalSkillsResponse
SCAN_EXTERNAL_SKILLS_RESPONSE_SKIPPED_MINIMUM: Final = 0

# #/components/schemas/ScopeAccessResource
ScopeAccessResourceType = Literal["scope"]
SCOPE_ACCESS_RESOURCE_TYPE_ENUM: Final[tuple[ScopeAccessResourceType, ...]] = ("scope",)
SCOPE_ACCESS_RESOURCE_SCOPE_ID_MIN_LENGTH: Final = 1
SCOPE_ACCESS_RESOURCE_SCOPE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/ScopeBindingKey
SCOPE_BINDING_KEY_INTEGRATION_MIN_LENGTH: Final = 1
SCOPE_BINDING_KEY_INTEGRATION_MAX_LENGTH: Final = 128
SCOPE_BINDING_KEY_KIND_MIN_LENGTH: Final = 1
SCOPE_BINDING_KEY_KIND_MAX_LENGTH: Final = 64
SCOPE_BINDING_KEY_EXTERNAL_ID_MIN_LENGTH: Final = 1
SCOPE_BINDING_KEY_EXTERNAL_ID_MAX_LENGTH: Final = 256

# #/components/schemas/ScopeDescriptor
SCOPE_DESCRIPTOR_TITLE_MIN_LENGTH: Final = 1
SCOPE_DESCRIPTOR_TITLE_MAX_LENGTH: Final = 256
SCOPE_DESCRIPTOR_SUMMARY_MIN_LENGTH: Final = 1
SCOPE_DESCRIPTOR_SUMMARY_MAX_LENGTH: Final = 2000
SCOPE_DESCRIPTOR_CONTEXT_REFERENCES_MAX_ITEMS: Final = 32
SCOPE_DESCRIPTOR_EXTERNAL_REFERENCES_MAX_ITEMS: Final = 32
SCOPE_DESCRIPTOR_VERSION_MINIMUM: Final = 1

# #/components/schemas/ScopeId
SCOPE_ID_MIN_LENGTH: Final = 1
SCOPE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/ScopePage
SCOPE_PAGE_ITEMS_MAX_ITEMS: Final = 100
SCOPE_PAGE_NEXT_CURSOR_MIN_LENGTH: Final = 1
SCOPE_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/ScopeQueryField
ScopeQueryField = Literal["scope_id", "title", "summary", "external_reference_value", "binding_external_id"]
SCOPE_QUERY_FIELD_ENUM: Final[tuple[ScopeQueryField, ...]] = ("scope_id", "title", "summary", "external_reference_value", "binding_external_id")

# #/components/schemas/SearchArtifactsRequest
SEARCH_ARTIFACTS_REQUEST_QUERY_MIN_LENGTH: Final = 1
SEARCH_ARTIFACTS_REQUEST_QUERY_MAX_LENGTH: Final = 8192
SEARCH_ARTIFACTS_REQUEST_LIMIT_MINIMUM: Final = 1
SEARCH_ARTIFACTS_REQUEST_LIMIT_MAXIMUM: Final = 200
SEARCH_ARTIFACTS_REQUEST_LIMIT_DEFAULT: Final = 10
SEARCH_ARTIFACTS_REQUEST_MODE_MIN_LENGTH: Final = 1
SEARCH_ARTIFACTS_REQUEST_MIN_SCORE_MINIMUM: Final = 0
SEARCH_ARTIFACTS_REQUEST_MIN_SCORE_MAXIMUM: Final = 1
SEARCH_ARTIFACTS_REQUEST_INCLUDE_SCORES_DEFAULT: Final = False
# atomic-memory answers at most this many results (PowerContext 1.4.1's Atomic bound).
SEARCH_ARTIFACTS_REQUEST_ATOMIC_MEMORY_LIMIT_MAXIMUM: Final = 100
# topic-memory answers at most this many results (PowerContext 1.4.1's Topic bound).
SEARCH_ARTIFACTS_REQUEST_TOPIC_MEMORY_LIMIT_MAXIMUM: Final = 20
# A skill query (trimmed) is at most this many characters (PowerContext 1.4.1's Skill bound).
SEARCH_ARTIFACTS_REQUEST_SKILL_QUERY_MAX_LENGTH: Final = 2000
# A topic-memory query has at most this many distinct words, stop words included (PowerContext 1.4.1's Topic bound).
SEARCH_ARTIFACTS_REQUEST_TOPIC_MEMORY_QUERY_TERMS_MAXIMUM: Final = 64
# skill: a package's SKILL.md or references/*.md|*.txt file of at most this many bytes is searched with the Skill (PowerContext 1.4.1's bound); every file's path is.
SEARCH_ARTIFACTS_REQUEST_SKILL_PACKAGE_FILE_BYTES_MAXIMUM: Final = 131072

# #/components/schemas/SearchAtomicMemoryRequest
SEARCH_ATOMIC_MEMORY_REQUEST_QUERY_MIN_LENGTH: Final = 1
SEARCH_ATOMIC_MEMORY_REQUEST_QUERY_MAX_LENGTH: Final = 8192
SEARCH_ATOMIC_MEMORY_REQUEST_MODE_DEFAULT: Final = "text"
SEARCH_ATOMIC_MEMORY_REQUEST_TAGS_MAX_ITEMS: Final = 16
SEARCH_ATOMIC_MEMORY_REQUEST_TAGS_ITEMS_MIN_LENGTH: Final = 1
SEARCH_ATOMIC_MEMORY_REQUEST_TAGS_ITEMS_MAX_LENGTH: Final = 64
SEARCH_ATOMIC_MEMORY_REQUEST_LIMIT_MINIMUM: Final = 1
SEARCH_ATOMIC_MEMORY_REQUEST_LIMIT_MAXIMUM: Final = 100
SEARCH_ATOMIC_MEMORY_REQUEST_LIMIT_DEFAULT: Final = 20

# #/components/schemas/SearchAtomicMemoryResponse
SEARCH_ATOMIC_MEMORY_RESPONSE_HITS_MAX_ITEMS: Final = 100

# #/components/schemas/SearchGroup
SEARCH_GROUP_ROUND_MINIMUM: Final = 0
SEARCH_GROUP_ROUND_MAXIMUM: Final = 2
SearchGroupOutcome = Literal["completed", "not_run", "failed"]
SEARCH_GROUP_OUTCOME_ENUM: Final[tuple[SearchGroupOutcome, ...]] = ("completed", "not_run", "failed")
SearchGroupFallbackReason = Literal["none", "inference_unavailable", "inference_timeout", "reused_fts_fallback"]
SEARCH_GROUP_FALLBACK_REASON_ENUM: Final[tuple[SearchGroupFallbackReason, ...]] = ("none", "inference_unavailable", "inference_timeout", "reused_fts_fallback")
SEARCH_GROUP_COUNT_MINIMUM: Final = 1
SEARCH_GROUP_COUNT_MAXIMUM: Final = 65535

# #/components/schemas/SearchMemoryRequest
SEARCH_MEMORY_REQUEST_QUERY_MIN_LENGTH: Final = 1
SEARCH_MEMORY_REQUEST_QUERY_MAX_LENGTH: Final = 8192
SEARCH_MEMORY_REQUEST_LIMIT_MINIMUM: Final = 1
SEARCH_MEMORY_REQUEST_LIMIT_MAXIMUM: Final = 50
SEARCH_MEMORY_REQUEST_LIMIT_DEFAULT: Final = 10
SEARCH_MEMORY_REQUEST_MODE_DEFAULT: Final = "auto"

# #/components/schemas/SearchMemoryResponse
SEARCH_MEMORY_RESPONSE_HITS_MAX_ITEMS: Final = 50

# #/components/schemas/SearchMode
SearchMode = Literal["fts", "vector", "hybrid", "snapshot", "code", "none"]
SEARCH_MODE_ENUM: Final[tuple[SearchMode, ...]] = ("fts", "vector", "hybrid", "snapshot", "code", "none")

# #/components/schemas/SearchModeName
SearchModeName = Literal["auto", "fts", "vector", "hybrid"]
SEARCH_MODE_NAME_ENUM: Final[tuple[SearchModeName, ...]] = ("auto", "fts", "vector", "hybrid")

# #/components/schemas/SearchTopicMemoryHit
SEARCH_TOPIC_MEMORY_HIT_TITLE_MIN_LENGTH: Final = 1
SEARCH_TOPIC_MEMORY_HIT_TITLE_MAX_LENGTH: Final = 512
SEARCH_TOPIC_MEMORY_HIT_SUMMARY_MIN_LENGTH: Final = 1
SEARCH_TOPIC_MEMORY_HIT_SUMMARY_MAX_LENGTH: Final = 8000
SEARCH_TOPIC_MEMORY_HIT_SNIPPET_MIN_LENGTH: Final = 1
SEARCH_TOPIC_MEMORY_HIT_SCORE_MAXIMUM: Final = 100
SEARCH_TOPIC_MEMORY_HIT_SCORE_EXCLUSIVE_MINIMUM: Final = 0
SEARCH_TOPIC_MEMORY_HIT_MATCHED_BY_MIN_ITEMS: Final = 1
SEARCH_TOPIC_MEMORY_HIT_MATCHED_BY_MAX_ITEMS: Final = 4

# #/components/schemas/SearchTopicMemoryRequest
SEARCH_TOPIC_MEMORY_REQUEST_QUERY_MIN_LENGTH: Final = 1
SEARCH_TOPIC_MEMORY_REQUEST_QUERY_MAX_LENGTH: Final = 8192
SEARCH_TOPIC_MEMORY_REQUEST_LIMIT_MINIMUM: Final = 1
SEARCH_TOPIC_MEMORY_REQUEST_LIMIT_MAXIMUM: Final = 20
SEARCH_TOPIC_MEMORY_REQUEST_LIMIT_DEFAULT: Final = 10

# #/components/schemas/SearchTopicMemoryResponse
SEARCH_TOPIC_MEMORY_RESPONSE_HITS_MAX_ITEMS: Final = 20

# #/components/schemas/SelectedItem
SELECTED_ITEM_RENDERED_BYTES_MINIMUM: Final = 1
SELECTED_ITEM_RENDERED_BYTES_MAXIMUM: Final = 32768

# #/components/schemas/ServerAccessResource
ServerAccessResourceType = Literal["server"]
SERVER_ACCESS_RESOURCE_TYPE_ENUM: Final[tuple[ServerAccessResourceType, ...]] = ("server",)
SERVER_ACCESS_RESOURCE_DEPLOYMENT_ID_MIN_LENGTH: Final = 1
SERVER_ACCESS_RESOURCE_DEPLOYMENT_ID_MAX_LENGTH: Final = 128

# #/components/schemas/ServerInfo
ServerInfoProduct = Literal["powercontext"]
SERVER_INFO_PRODUCT_ENUM: Final[tuple[ServerInfoProduct, ...]] = ("powercontext",)
SERVER_INFO_SERVER_ID_MIN_LENGTH: Final = 1
SERVER_INFO_SERVER_ID_MAX_LENGTH: Final = 128
SERVER_INFO_PACKAGE_VERSION_MIN_LENGTH: Final = 1

# #/components/schemas/SkillGenerationOrigin
SkillGenerationOrigin = Literal["experience", "source", "usage"]
SKILL_GENERATION_ORIGIN_ENUM: Final[tuple[SkillGenerationOrigin, ...]] = ("experience", "source", "usage")

# #/components/schemas/SkillGovernance
SKILL_GOVERNANCE_REPLACEMENT_ARTIFACT_ID_MIN_LENGTH: Final = 1
SKILL_GOVERNANCE_REPLACEMENT_ARTIFACT_ID_MAX_LENGTH: Final = 128
SKILL_GOVERNANCE_GOVERNANCE_GENERATION_MINIMUM: Final = 0

# #/components/schemas/SkillLifecycleState
SkillLifecycleState = Literal["active", "deprecated", "retired"]
SKILL_LIFECYCLE_STATE_ENUM: Final[tuple[SkillLifecycleState, ...]] = ("active", "deprecated", "retired")

# #/components/schemas/SkillPackageDownload
SKILL_PACKAGE_DOWNLOAD_ARCHIVE_BASE64_MIN_LENGTH: Final = 1
SKILL_PACKAGE_DOWNLOAD_ARCHIVE_BASE64_MAX_LENGTH: Final = 6990508

# #/components/schemas/SkillPackageFile
SKILL_PACKAGE_FILE_PATH_MIN_LENGTH: Final = 1
SKILL_PACKAGE_FILE_PATH_MAX_LENGTH: Final = 512
SKILL_PACKAGE_FILE_SIZE_MINIMUM: Final = 0
SKILL_PACKAGE_FILE_SIZE_MAXIMUM: Final = 4194304
SKILL_PACKAGE_FILE_MEDIA_TYPE_MIN_LENGTH: Final = 1
SKILL_PACKAGE_FILE_MEDIA_TYPE_MAX_LENGTH: Final = 255

# #/components/schemas/SkillPackageManifest
SKILL_PACKAGE_MANIFEST_NAME_MIN_LENGTH: Final = 1
SKILL_PACKAGE_MANIFEST_NAME_MAX_LENGTH: Final = 64
SKILL_PACKAGE_MANIFEST_DESCRIPTION_MIN_LENGTH: Final = 1
SKILL_PACKAGE_MANIFEST_DESCRIPTION_MAX_LENGTH: Final = 1024
SKILL_PACKAGE_MANIFEST_LICENSE_MIN_LENGTH: Final = 1
SKILL_PACKAGE_MANIFEST_LICENSE_MAX_LENGTH: Final = 512
SKILL_PACKAGE_MANIFEST_METADATA_VALUES_MAX_LENGTH: Final = 2000
SKILL_PACKAGE_MANIFEST_ALLOWED_TOOLS_MIN_LENGTH: Final = 1
SKILL_PACKAGE_MANIFEST_ALLOWED_TOOLS_MAX_LENGTH: Final = 2000
SKILL_PACKAGE_MANIFEST_FILES_MIN_ITEMS: Final = 1
SKILL_PACKAGE_MANIFEST_FILES_MAX_ITEMS: Final = 256

# #/components/schemas/SkillPackageReference
SKILL_PACKAGE_REFERENCE_FILE_COUNT_MINIMUM: Final = 1
SKILL_PACKAGE_REFERENCE_FILE_COUNT_MAXIMUM: Final = 256
SKILL_PACKAGE_REFERENCE_UNCOMPRESSED_SIZE_MINIMUM: Final = 1
SKILL_PACKAGE_REFERENCE_UNCOMPRESSED_SIZE_MAXIMUM: Final = 4194304
SKILL_PACKAGE_REFERENCE_ARCHIVE_SIZE_MINIMUM: Final = 1
SKILL_PACKAGE_REFERENCE_ARCHIVE_SIZE_MAXIMUM: Final = 5242880

# #/components/schemas/SkillProposal
SKILL_PROPOSAL_NAME_MIN_LENGTH: Final = 1
SKILL_PROPOSAL_NAME_MAX_LENGTH: Final = 128
SKILL_PROPOSAL_DESCRIPTION_MIN_LENGTH: Final = 1
SKILL_PROPOSAL_DESCRIPTION_MAX_LENGTH: Final = 2000
SKILL_PROPOSAL_INSTRUCTIONS_MAX_LENGTH: Final = 131072
SKILL_PROPOSAL_VALIDATION_MAX_ITEMS: Final = 32
SKILL_PROPOSAL_VALIDATION_ITEMS_MIN_LENGTH: Final = 1
SKILL_PROPOSAL_VALIDATION_ITEMS_MAX_LENGTH: Final = 2000
SKILL_PROPOSAL_LICENSE_MIN_LENGTH: Final = 1
SKILL_PROPOSAL_LICENSE_MAX_LENGTH: Final = 512
SKILL_PROPOSAL_COMPATIBILITY_MIN_LENGTH: Final = 1
SKILL_PROPOSAL_METADATA_VALUES_MAX_LENGTH: Final = 2000
SKILL_PROPOSAL_ALLOWED_TOOLS_MIN_LENGTH: Final = 1
SKILL_PROPOSAL_ALLOWED_TOOLS_MAX_LENGTH: Final = 2000

# #/components/schemas/SkillUsageCaptureResponse
SkillUsageCaptureResponseStatus = Literal["accepted"]
SKILL_USAGE_CAPTURE_RESPONSE_STATUS_ENUM: Final[tuple[SkillUsageCaptureResponseStatus, ...]] = ("accepted",)
SKILL_USAGE_CAPTURE_RESPONSE_POSITION_MINIMUM: Final = 1

# #/components/schemas/SkillUsageSourceReference
SkillUsageSourceReferenceName = Literal["skill-usage"]
SKILL_USAGE_SOURCE_REFERENCE_NAME_ENUM: Final[tuple[SkillUsageSourceReferenceName, ...]] = ("skill-usage",)
SKILL_USAGE_SOURCE_REFERENCE_SOURCE_ID_MIN_LENGTH: Final = 1
SKILL_USAGE_SOURCE_REFERENCE_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/SourceDefinitionManifest
SOURCE_DEFINITION_MANIFEST_NAME_MIN_LENGTH: Final = 1
SOURCE_DEFINITION_MANIFEST_NAME_MAX_LENGTH: Final = 128
SOURCE_DEFINITION_MANIFEST_VERSION_MIN_LENGTH: Final = 1
SOURCE_DEFINITION_MANIFEST_VERSION_MAX_LENGTH: Final = 128
SOURCE_DEFINITION_MANIFEST_PROJECTIONS_MAX_ITEMS: Final = 16

# #/components/schemas/SourceInventoryStatistics
SOURCE_INVENTORY_STATISTICS_TOTAL_MINIMUM: Final = 0
SOURCE_INVENTORY_STATISTICS_MEMORY_PROCESSED_MINIMUM: Final = 0
SOURCE_INVENTORY_STATISTICS_MEMORY_PENDING_MINIMUM: Final = 0

# #/components/schemas/SourceObservation
SOURCE_OBSERVATION_NAME_MIN_LENGTH: Final = 1
SOURCE_OBSERVATION_NAME_MAX_LENGTH: Final = 256
SOURCE_OBSERVATION_DEFINITION_VERSION_MIN_LENGTH: Final = 1
SOURCE_OBSERVATION_DEFINITION_VERSION_MAX_LENGTH: Final = 128
SourceObservationMaterialization = Literal["captured"]
SOURCE_OBSERVATION_MATERIALIZATION_ENUM: Final[tuple[SourceObservationMaterialization, ...]] = ("captured",)
SOURCE_OBSERVATION_SOURCE_TYPE_MIN_LENGTH: Final = 1
SOURCE_OBSERVATION_SOURCE_TYPE_MAX_LENGTH: Final = 128
SOURCE_OBSERVATION_PROJECTIONS_MAX_ITEMS: Final = 16

# #/components/schemas/SourceObservationReceipt
SOURCE_OBSERVATION_RECEIPT_POSITION_MINIMUM: Final = 1

# #/components/schemas/SourcePage
SOURCE_PAGE_NEXT_CURSOR_MIN_LENGTH: Final = 1
SOURCE_PAGE_NEXT_CURSOR_MAX_LENGTH: Final = 4096

# #/components/schemas/SourceProjectionKey
SOURCE_PROJECTION_KEY_NAME_MIN_LENGTH: Final = 1
SOURCE_PROJECTION_KEY_NAME_MAX_LENGTH: Final = 128
SOURCE_PROJECTION_KEY_VERSION_MIN_LENGTH: Final = 1
SOURCE_PROJECTION_KEY_VERSION_MAX_LENGTH: Final = 128

# #/components/schemas/SourceRecord
SOURCE_RECORD_SOURCE_ID_MIN_LENGTH: Final = 1
SOURCE_RECORD_SOURCE_ID_MAX_LENGTH: Final = 256
SOURCE_RECORD_POSITION_MINIMUM: Final = 1

# #/components/schemas/SourceRecordType
SourceRecordType = Literal["content"]
SOURCE_RECORD_TYPE_ENUM: Final[tuple[SourceRecordType, ...]] = ("content",)

# #/components/schemas/SourceReference
SOURCE_REFERENCE_NAME_MIN_LENGTH: Final = 1
SOURCE_REFERENCE_NAME_MAX_LENGTH: Final = 64
SOURCE_REFERENCE_SOURCE_ID_MIN_LENGTH: Final = 1
SOURCE_REFERENCE_SOURCE_ID_MAX_LENGTH: Final = 1024

# #/components/schemas/SourceTypeReference
SOURCE_TYPE_REFERENCE_SOURCE_TYPE_MIN_LENGTH: Final = 1
SOURCE_TYPE_REFERENCE_SOURCE_TYPE_MAX_LENGTH: Final = 128
SOURCE_TYPE_REFERENCE_SOURCE_ID_MIN_LENGTH: Final = 1
SOURCE_TYPE_REFERENCE_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/StageTiming
STAGE_TIMING_STAGE_MIN_LENGTH: Final = 3
STAGE_TIMING_STAGE_MAX_LENGTH: Final = 64
STAGE_TIMING_DURATION_MS_MINIMUM: Final = 0
STAGE_TIMING_COUNT_MINIMUM: Final = 1
STAGE_TIMING_COUNT_MAXIMUM: Final = 65535

# #/components/schemas/StatsPeriod
StatsPeriod = Literal["today", "7d", "30d"]
STATS_PERIOD_ENUM: Final[tuple[StatsPeriod, ...]] = ("today", "7d", "30d")

# #/components/schemas/SubtreeScopeSelection
SubtreeScopeSelectionMode = Literal["subtree"]
SUBTREE_SCOPE_SELECTION_MODE_ENUM: Final[tuple[SubtreeScopeSelectionMode, ...]] = ("subtree",)

# #/components/schemas/TagFilter
TAG_FILTER_TAGS_MIN_ITEMS: Final = 1
TAG_FILTER_TAGS_MAX_ITEMS: Final = 16
TAG_FILTER_TAGS_ITEMS_MIN_LENGTH: Final = 1
TAG_FILTER_TAGS_ITEMS_MAX_LENGTH: Final = 64
TAG_FILTER_MATCH_DEFAULT: Final = "all"

# #/components/schemas/TagMatch
TagMatch = Literal["all", "any"]
TAG_MATCH_ENUM: Final[tuple[TagMatch, ...]] = ("all", "any")

# #/components/schemas/TagTargetType
TagTargetType = Literal["artifact", "memory_entry"]
TAG_TARGET_TYPE_ENUM: Final[tuple[TagTargetType, ...]] = ("artifact", "memory_entry")

# #/components/schemas/TaggableArtifactFamily
TaggableArtifactFamily = Literal["memory", "atomic-memory", "experience", "skill", "handoff", "profile", "prompt", "topic-memory"]
TAGGABLE_ARTIFACT_FAMILY_ENUM: Final[tuple[TaggableArtifactFamily, ...]] = ("memory", "atomic-memory", "experience", "skill", "handoff", "profile", "prompt", "topic-memory")

# #/components/schemas/TaggedTarget
TAGGED_TARGET_TAGS_MIN_ITEMS: Final = 0
TAGGED_TARGET_TAGS_MAX_ITEMS: Final = 32
TAGGED_TARGET_TAGS_ITEMS_MIN_LENGTH: Final = 1
TAGGED_TARGET_TAGS_ITEMS_MAX_LENGTH: Final = 64

# #/components/schemas/TaskCheck
TASK_CHECK_NAME_MIN_LENGTH: Final = 1
TASK_CHECK_NAME_MAX_LENGTH: Final = 8192
TASK_CHECK_EVIDENCE_MAX_ITEMS: Final = 32

# #/components/schemas/TaskCheckStatus
TaskCheckStatus = Literal["passed", "failed", "skipped", "timed_out", "unavailable", "cancelled", "unknown"]
TASK_CHECK_STATUS_ENUM: Final[tuple[TaskCheckStatus, ...]] = ("passed", "failed", "skipped", "timed_out", "unavailable", "cancelled", "unknown")

# #/components/schemas/TaskOutcome
TaskOutcomeSchema = Literal["powercontext.task-outcome.v1"]
TASK_OUTCOME_SCHEMA_ENUM: Final[tuple[TaskOutcomeSchema, ...]] = ("powercontext.task-outcome.v1",)
TaskOutcomeTrust = Literal["untrusted_observation"]
TASK_OUTCOME_TRUST_ENUM: Final[tuple[TaskOutcomeTrust, ...]] = ("untrusted_observation",)
TASK_OUTCOME_OBJECTIVE_MIN_LENGTH: Final = 1
TASK_OUTCOME_OBJECTIVE_MAX_LENGTH: Final = 8192
TASK_OUTCOME_SUMMARY_MIN_LENGTH: Final = 1
TASK_OUTCOME_SUMMARY_MAX_LENGTH: Final = 8192
TASK_OUTCOME_OBSERVATIONS_MIN_ITEMS: Final = 1
TASK_OUTCOME_OBSERVATIONS_MAX_ITEMS: Final = 64
TASK_OUTCOME_CHECKS_MAX_ITEMS: Final = 64
TASK_OUTCOME_PRODUCED_ARTIFACTS_MAX_ITEMS: Final = 32
TASK_OUTCOME_REMAINING_WORK_MAX_ITEMS: Final = 64
TASK_OUTCOME_REMAINING_WORK_ITEMS_MIN_LENGTH: Final = 1
TASK_OUTCOME_REMAINING_WORK_ITEMS_MAX_LENGTH: Final = 8192

# #/components/schemas/TaskOutcomeStatus
TaskOutcomeStatus = Literal["succeeded", "partial", "blocked", "failed", "cancelled", "unknown"]
TASK_OUTCOME_STATUS_ENUM: Final[tuple[TaskOutcomeStatus, ...]] = ("succeeded", "partial", "blocked", "failed", "cancelled", "unknown")

# #/components/schemas/TokenEstimatorProfile
TokenEstimatorProfileEstimatorId = Literal["character:weighted"]
TOKEN_ESTIMATOR_PROFILE_ESTIMATOR_ID_ENUM: Final[tuple[TokenEstimatorProfileEstimatorId, ...]] = ("character:weighted",)
TokenEstimatorProfileVersion = Literal["1"]
TOKEN_ESTIMATOR_PROFILE_VERSION_ENUM: Final[tuple[TokenEstimatorProfileVersion, ...]] = ("1",)

# #/components/schemas/TopicMemoryArtifact
TOPIC_MEMORY_ARTIFACT_TITLE_MIN_LENGTH: Final = 1
TOPIC_MEMORY_ARTIFACT_TITLE_MAX_LENGTH: Final = 512
TOPIC_MEMORY_ARTIFACT_SUMMARY_MIN_LENGTH: Final = 1
TOPIC_MEMORY_ARTIFACT_SUMMARY_MAX_LENGTH: Final = 8000
TOPIC_MEMORY_ARTIFACT_DETAIL_MIN_LENGTH: Final = 1
TOPIC_MEMORY_ARTIFACT_DETAIL_MAX_LENGTH: Final = 125000
TOPIC_MEMORY_ARTIFACT_SOURCE_REFS_MAX_ITEMS: Final = 16

# #/components/schemas/TopicMemoryContent
TOPIC_MEMORY_CONTENT_TITLE_MIN_LENGTH: Final = 1
TOPIC_MEMORY_CONTENT_TITLE_MAX_LENGTH: Final = 512
TOPIC_MEMORY_CONTENT_SUMMARY_MIN_LENGTH: Final = 1
TOPIC_MEMORY_CONTENT_SUMMARY_MAX_LENGTH: Final = 8000
TOPIC_MEMORY_CONTENT_DETAIL_MIN_LENGTH: Final = 1
TOPIC_MEMORY_CONTENT_DETAIL_MAX_LENGTH: Final = 125000

# #/components/schemas/TopicMemoryMatchedBy
TopicMemoryMatchedBy = Literal["topic_fts", "topic_vector", "detail_fts", "detail_vector"]
TOPIC_MEMORY_MATCHED_BY_ENUM: Final[tuple[TopicMemoryMatchedBy, ...]] = ("topic_fts", "topic_vector", "detail_fts", "detail_vector")

# #/components/schemas/TopicMemoryProcessingBlock
TOPIC_MEMORY_PROCESSING_BLOCK_SOURCE_AFTER_MINIMUM: Final = 0
TOPIC_MEMORY_PROCESSING_BLOCK_SOURCE_THROUGH_MINIMUM: Final = 1
TOPIC_MEMORY_PROCESSING_BLOCK_BUDGET_SOURCE_THROUGH_MINIMUM: Final = 1
TOPIC_MEMORY_PROCESSING_BLOCK_LEGACY_SOURCE_THROUGH_MINIMUM: Final = 1
TOPIC_MEMORY_PROCESSING_BLOCK_TARGET_SOURCE_THROUGH_MINIMUM: Final = 1
TOPIC_MEMORY_PROCESSING_BLOCK_ATTEMPTS_MINIMUM: Final = 1
TOPIC_MEMORY_PROCESSING_BLOCK_REQUESTS_MINIMUM: Final = 0
TOPIC_MEMORY_PROCESSING_BLOCK_TOKENS_MINIMUM: Final = 0
TOPIC_MEMORY_PROCESSING_BLOCK_RETRY_REQUEST_GENERATION_MINIMUM: Final = 1

# #/components/schemas/TopicMemoryProcessingState
TopicMemoryProcessingState = Literal["idle", "pending", "blocked"]
TOPIC_MEMORY_PROCESSING_STATE_ENUM: Final[tuple[TopicMemoryProcessingState, ...]] = ("idle", "pending", "blocked")

# #/components/schemas/TopicMemoryProcessingStatus
TOPIC_MEMORY_PROCESSING_STATUS_SOURCE_CURSOR_MINIMUM: Final = 0
TOPIC_MEMORY_PROCESSING_STATUS_SOURCE_HEAD_MINIMUM: Final = 0
TOPIC_MEMORY_PROCESSING_STATUS_TARGET_SOURCE_THROUGH_MINIMUM: Final = 0

# #/components/schemas/TopicMemoryUsedSearchMode
TopicMemoryUsedSearchMode = Literal["fts", "hybrid"]
TOPIC_MEMORY_USED_SEARCH_MODE_ENUM: Final[tuple[TopicMemoryUsedSearchMode, ...]] = ("fts", "hybrid")

# #/components/schemas/UnpublishRemoteSkillRequest
UNPUBLISH_REMOTE_SKILL_REQUEST_SCOPE_ID_MIN_LENGTH: Final = 1
UNPUBLISH_REMOTE_SKILL_REQUEST_SCOPE_ID_MAX_LENGTH: Final = 256
UNPUBLISH_REMOTE_SKILL_REQUEST_TARGET_ID_MIN_LENGTH: Final = 1
UNPUBLISH_REMOTE_SKILL_REQUEST_TARGET_ID_MAX_LENGTH: Final = 64
UNPUBLISH_REMOTE_SKILL_REQUEST_ARTIFACT_ID_MIN_LENGTH: Final = 1
UNPUBLISH_REMOTE_SKILL_REQUEST_ARTIFACT_ID_MAX_LENGTH: Final = 128
UNPUBLISH_REMOTE_SKILL_REQUEST_EXPECTED_GENERATION_MINIMUM: Final = 0

# #/components/schemas/UpdateScopeRequest
UPDATE_SCOPE_REQUEST_EXPECTED_VERSION_MINIMUM: Final = 1
UPDATE_SCOPE_REQUEST_TITLE_MIN_LENGTH: Final = 1
UPDATE_SCOPE_REQUEST_TITLE_MAX_LENGTH: Final = 256
UPDATE_SCOPE_REQUEST_SUMMARY_MIN_LENGTH: Final = 1
UPDATE_SCOPE_REQUEST_SUMMARY_MAX_LENGTH: Final = 2000
UPDATE_SCOPE_REQUEST_CONTEXT_REFERENCES_MAX_ITEMS: Final = 32
UPDATE_SCOPE_REQUEST_CONTEXT_REFERENCES_DEFAULT: Final = ()
UPDATE_SCOPE_REQUEST_EXTERNAL_REFERENCES_MAX_ITEMS: Final = 32
UPDATE_SCOPE_REQUEST_EXTERNAL_REFERENCES_DEFAULT: Final = ()

# #/components/schemas/UpdateSkillLifecycleRequest
UPDATE_SKILL_LIFECYCLE_REQUEST_EXPECTED_GENERATION_MINIMUM: Final = 0

# #/components/schemas/UsageStatistics
USAGE_STATISTICS_BY_PURPOSE_MAX_ITEMS: Final = 16
USAGE_STATISTICS_DAILY_MAX_ITEMS: Final = 30

# #/components/schemas/Violation
VIOLATION_PATH_MAX_LENGTH: Final = 512
VIOLATION_RULE_MIN_LENGTH: Final = 1
VIOLATION_RULE_MAX_LENGTH: Final = 128

# #/components/schemas/WorkArtifactReference
WORK_ARTIFACT_REFERENCE_FAMILY_MIN_LENGTH: Final = 1
WORK_ARTIFACT_REFERENCE_FAMILY_MAX_LENGTH: Final = 128

# #/components/schemas/WorkClaim
WORK_CLAIM_TEXT_MIN_LENGTH: Final = 1
WORK_CLAIM_TEXT_MAX_LENGTH: Final = 8192
WORK_CLAIM_EVIDENCE_MAX_ITEMS: Final = 31

# #/components/schemas/WorkClaimBasis
WorkClaimBasis = Literal["declared", "verified"]
WORK_CLAIM_BASIS_ENUM: Final[tuple[WorkClaimBasis, ...]] = ("declared", "verified")

# #/components/schemas/WorkContract
WorkContractSchema = Literal["powercontext.work-contract.v1"]
WORK_CONTRACT_SCHEMA_ENUM: Final[tuple[WorkContractSchema, ...]] = ("powercontext.work-contract.v1",)
WorkContractTrust = Literal["untrusted_input"]
WORK_CONTRACT_TRUST_ENUM: Final[tuple[WorkContractTrust, ...]] = ("untrusted_input",)
WORK_CONTRACT_OBJECTIVE_MIN_LENGTH: Final = 1
WORK_CONTRACT_OBJECTIVE_MAX_LENGTH: Final = 8192
WORK_CONTRACT_FACTS_MAX_ITEMS: Final = 64
WORK_CONTRACT_IN_SCOPE_MIN_ITEMS: Final = 1
WORK_CONTRACT_IN_SCOPE_MAX_ITEMS: Final = 64
WORK_CONTRACT_IN_SCOPE_ITEMS_MIN_LENGTH: Final = 1
WORK_CONTRACT_IN_SCOPE_ITEMS_MAX_LENGTH: Final = 8192
WORK_CONTRACT_EXCLUSIONS_MAX_ITEMS: Final = 64
WORK_CONTRACT_EXCLUSIONS_ITEMS_MIN_LENGTH: Final = 1
WORK_CONTRACT_EXCLUSIONS_ITEMS_MAX_LENGTH: Final = 8192
WORK_CONTRACT_COMPLETION_CRITERIA_MIN_ITEMS: Final = 1
WORK_CONTRACT_COMPLETION_CRITERIA_MAX_ITEMS: Final = 64
WORK_CONTRACT_COMPLETION_CRITERIA_ITEMS_MIN_LENGTH: Final = 1
WORK_CONTRACT_COMPLETION_CRITERIA_ITEMS_MAX_LENGTH: Final = 8192
WORK_CONTRACT_AUTHORIZATION_NOTES_MAX_ITEMS: Final = 64
WORK_CONTRACT_AUTHORIZATION_NOTES_ITEMS_MIN_LENGTH: Final = 1
WORK_CONTRACT_AUTHORIZATION_NOTES_ITEMS_MAX_LENGTH: Final = 8192
WORK_CONTRACT_OPEN_QUESTIONS_MAX_ITEMS: Final = 64
WORK_CONTRACT_OPEN_QUESTIONS_ITEMS_MIN_LENGTH: Final = 1
WORK_CONTRACT_OPEN_QUESTIONS_ITEMS_MAX_LENGTH: Final = 8192

# #/components/schemas/WorkSourceKind
WorkSourceKind = Literal["work-contract", "handoff-boundary", "handoff-receipt", "task-outcome"]
WORK_SOURCE_KIND_ENUM: Final[tuple[WorkSourceKind, ...]] = ("work-contract", "handoff-boundary", "handoff-receipt", "task-outcome")

# #/components/schemas/WorkSourceReceipt
WORK_SOURCE_RECEIPT_POSITION_MINIMUM: Final = 1
WORK_SOURCE_RECEIPT_CONTENT_DIGEST_MIN_LENGTH: Final = 71
WORK_SOURCE_RECEIPT_CONTENT_DIGEST_MAX_LENGTH: Final = 71

# #/components/schemas/WorkSourceReference
WORK_SOURCE_REFERENCE_NAME_MIN_LENGTH: Final = 1
WORK_SOURCE_REFERENCE_NAME_MAX_LENGTH: Final = 128
WORK_SOURCE_REFERENCE_SOURCE_ID_MIN_LENGTH: Final = 1
WORK_SOURCE_REFERENCE_SOURCE_ID_MAX_LENGTH: Final = 256

# #/components/schemas/WorkingNoteKind
WorkingNoteKind = Literal["inspection", "abandoned_approach", "validation", "unresolved", "host_context"]
WORKING_NOTE_KIND_ENUM: Final[tuple[WorkingNoteKind, ...]] = ("inspection", "abandoned_approach", "validation", "unresolved", "host_context")

# #/paths/~1v1~1scopes/get/parameters/0/schema
LIST_SCOPES_QUERY_MAX_LENGTH: Final = 256

# #/paths/~1v1~1scopes/get/parameters/3/schema
LIST_SCOPES_EXTERNAL_REFERENCE_KIND_MIN_LENGTH: Final = 1
LIST_SCOPES_EXTERNAL_REFERENCE_KIND_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes/get/parameters/4/schema
LIST_SCOPES_BINDING_INTEGRATION_MIN_LENGTH: Final = 1
LIST_SCOPES_BINDING_INTEGRATION_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes/get/parameters/5/schema
LIST_SCOPES_BINDING_KIND_MIN_LENGTH: Final = 1
LIST_SCOPES_BINDING_KIND_MAX_LENGTH: Final = 64

# #/paths/~1v1~1scopes/get/parameters/6/schema
LIST_SCOPES_LIMIT_MINIMUM: Final = 1
LIST_SCOPES_LIMIT_MAXIMUM: Final = 100
LIST_SCOPES_LIMIT_DEFAULT: Final = 50

# #/paths/~1v1~1scopes/get/parameters/7/schema
LIST_SCOPES_CURSOR_MIN_LENGTH: Final = 1
LIST_SCOPES_CURSOR_MAX_LENGTH: Final = 4096

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}/get/parameters/2/schema
LIST_ARTIFACTS_LIMIT_MINIMUM: Final = 1
LIST_ARTIFACTS_LIMIT_MAXIMUM: Final = 100
LIST_ARTIFACTS_LIMIT_DEFAULT: Final = 50

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}/get/parameters/3/schema
LIST_ARTIFACTS_CURSOR_MIN_LENGTH: Final = 1
LIST_ARTIFACTS_CURSOR_MAX_LENGTH: Final = 4096

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}/get/parameters/4/schema
LIST_ARTIFACTS_TAG_MIN_ITEMS: Final = 1
LIST_ARTIFACTS_TAG_MAX_ITEMS: Final = 16

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}/get/parameters/4/schema/items
LIST_ARTIFACTS_TAG_ITEMS_MIN_LENGTH: Final = 1
LIST_ARTIFACTS_TAG_ITEMS_MAX_LENGTH: Final = 64

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1{artifact_id}/get/parameters/3/schema
GET_ARTIFACT_IF_NONE_MATCH_MIN_LENGTH: Final = 1
GET_ARTIFACT_IF_NONE_MATCH_MAX_LENGTH: Final = 64

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1{artifact_id}/put/parameters/3/schema
REPLACE_ARTIFACT_IF_MATCH_MIN_LENGTH: Final = 1
REPLACE_ARTIFACT_IF_MATCH_MAX_LENGTH: Final = 64

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1search/post/parameters/1/schema
SEARCH_ARTIFACTS_FAMILY_MIN_LENGTH: Final = 1
SEARCH_ARTIFACTS_FAMILY_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1atomic-memory~1{artifact_id}~1state/get/parameters/2/schema
GET_ATOMIC_MEMORY_STATE_IF_NONE_MATCH_MIN_LENGTH: Final = 1
GET_ATOMIC_MEMORY_STATE_IF_NONE_MATCH_MAX_LENGTH: Final = 64

# #/paths/~1v1~1scopes~1{scope_id}~1code~1{fingerprint}~1files~1{file_sha256}/get/parameters/4/schema
READ_CODE_START_LINE_MINIMUM: Final = 1

# #/paths/~1v1~1scopes~1{scope_id}~1code~1{fingerprint}~1files~1{file_sha256}/get/parameters/5/schema
READ_CODE_END_LINE_MINIMUM: Final = 1

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1{artifact_id}~1revisions/get/parameters/3/schema
LIST_ARTIFACT_REVISIONS_LIMIT_MINIMUM: Final = 1
LIST_ARTIFACT_REVISIONS_LIMIT_MAXIMUM: Final = 100
LIST_ARTIFACT_REVISIONS_LIMIT_DEFAULT: Final = 50

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1{artifact_id}~1revisions/get/parameters/4/schema
LIST_ARTIFACT_REVISIONS_CURSOR_MIN_LENGTH: Final = 1
LIST_ARTIFACT_REVISIONS_CURSOR_MAX_LENGTH: Final = 4096

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1{artifact_id}~1tags/get/parameters/3/schema
GET_ARTIFACT_TAGS_IF_NONE_MATCH_MIN_LENGTH: Final = 1
GET_ARTIFACT_TAGS_IF_NONE_MATCH_MAX_LENGTH: Final = 1024

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1{family}~1{artifact_id}~1tags/put/parameters/3/schema
REPLACE_ARTIFACT_TAGS_IF_MATCH_MIN_LENGTH: Final = 1
REPLACE_ARTIFACT_TAGS_IF_MATCH_MAX_LENGTH: Final = 1024

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/get/parameters/0/schema
GET_MEMORY_ENTRY_TAGS_SCOPE_ID_MIN_LENGTH: Final = 1
GET_MEMORY_ENTRY_TAGS_SCOPE_ID_MAX_LENGTH: Final = 256

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/get/parameters/1/schema
GET_MEMORY_ENTRY_TAGS_ARTIFACT_ID_MIN_LENGTH: Final = 1
GET_MEMORY_ENTRY_TAGS_ARTIFACT_ID_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/get/parameters/2/schema
GET_MEMORY_ENTRY_TAGS_ENTRY_ID_MIN_LENGTH: Final = 1
GET_MEMORY_ENTRY_TAGS_ENTRY_ID_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/get/parameters/3/schema
GET_MEMORY_ENTRY_TAGS_IF_NONE_MATCH_MIN_LENGTH: Final = 1
GET_MEMORY_ENTRY_TAGS_IF_NONE_MATCH_MAX_LENGTH: Final = 1024

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/put/parameters/0/schema
REPLACE_MEMORY_ENTRY_TAGS_SCOPE_ID_MIN_LENGTH: Final = 1
REPLACE_MEMORY_ENTRY_TAGS_SCOPE_ID_MAX_LENGTH: Final = 256

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/put/parameters/1/schema
REPLACE_MEMORY_ENTRY_TAGS_ARTIFACT_ID_MIN_LENGTH: Final = 1
REPLACE_MEMORY_ENTRY_TAGS_ARTIFACT_ID_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/put/parameters/2/schema
REPLACE_MEMORY_ENTRY_TAGS_ENTRY_ID_MIN_LENGTH: Final = 1
REPLACE_MEMORY_ENTRY_TAGS_ENTRY_ID_MAX_LENGTH: Final = 128

# #/paths/~1v1~1scopes~1{scope_id}~1artifacts~1memory~1{artifact_id}~1entries~1{entry_id}~1tags/put/parameters/3/schema
REPLACE_MEMORY_ENTRY_TAGS_IF_MATCH_MIN_LENGTH: Final = 1
REPLACE_MEMORY_ENTRY_TAGS_IF_MATCH_MAX_LENGTH: Final = 1024

# #/paths/~1v1~1scopes~1{scope_id}~1sources/get/parameters/1/schema
LIST_SOURCES_LIMIT_MINIMUM: Final = 1
LIST_SOURCES_LIMIT_MAXIMUM: Final = 100
LIST_SOURCES_LIMIT_DEFAULT: Final = 50

# #/paths/~1v1~1scopes~1{scope_id}~1sources/get/parameters/2/schema
LIST_SOURCES_CURSOR_MIN_LENGTH: Final = 1
LIST_SOURCES_CURSOR_MAX_LENGTH: Final = 4096

# #/paths/~1v1~1scopes~1{scope_id}~1sources~1{source_type}~1{source_id}/get/parameters/2/schema
GET_SOURCE_SOURCE_ID_MIN_LENGTH: Final = 1
GET_SOURCE_SOURCE_ID_MAX_LENGTH: Final = 256

# #/paths/~1v1~1scopes~1{scope_id}~1dream/get/parameters/3/schema
LIST_DREAM_RUNS_CURSOR_MIN_LENGTH: Final = 1
LIST_DREAM_RUNS_CURSOR_MAX_LENGTH: Final = 256

# #/paths/~1v1~1scopes~1{scope_id}~1dream/get/parameters/4/schema
LIST_DREAM_RUNS_LIMIT_MINIMUM: Final = 1
LIST_DREAM_RUNS_LIMIT_MAXIMUM: Final = 100
LIST_DREAM_RUNS_LIMIT_DEFAULT: Final = 20

# #/paths/~1v1~1scopes~1{scope_id}~1dream~1{run_id}/get/parameters/1/schema
GET_DREAM_RUN_RUN_ID_MIN_LENGTH: Final = 1
GET_DREAM_RUN_RUN_ID_MAX_LENGTH: Final = 64
