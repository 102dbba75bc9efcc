package battlescribe

import "encoding/xml"

// The XML of the BattleScribe schemas, as far as an importer needs it.
// One struct serves the three roots (gameSystem, catalogue, roster), and
// one the element kinds that hold entries (selectionEntry,
// selectionEntryGroup, entryLink, a roster's selection): encoding/xml
// fills the fields an element has and leaves the others empty.

type xDoc struct {
	XMLName        xml.Name
	ID             string       `xml:"id,attr"`
	Name           string       `xml:"name,attr"`
	Revision       string       `xml:"revision,attr"`
	GameSystemID   string       `xml:"gameSystemId,attr"`
	GameSystemName string       `xml:"gameSystemName,attr"`
	Library        string       `xml:"library,attr"`
	Entries        []xEntry     `xml:"selectionEntries>selectionEntry"`
	Links          []xEntry     `xml:"entryLinks>entryLink"`
	Rules          []xRule      `xml:"rules>rule"`
	SharedEntries  []xEntry     `xml:"sharedSelectionEntries>selectionEntry"`
	SharedGroups   []xEntry     `xml:"sharedSelectionEntryGroups>selectionEntryGroup"`
	SharedRules    []xRule      `xml:"sharedRules>rule"`
	SharedProfiles []xProfile   `xml:"sharedProfiles>profile"`
	CatalogueLinks []xCatLink   `xml:"catalogueLinks>catalogueLink"`
	Forces         []xForce     `xml:"forces>force"`
	Costs          []xCost      `xml:"costs>cost"`
	InfoGroups     []xInfoGroup `xml:"sharedInfoGroups>infoGroup"`
	CostTypes      []xInfoGroup `xml:"costTypes>costType"` // only the id is read
	// Old are the entries of BattleScribe 1's schema, which only a
	// message reads.
	Old          []xAny    `xml:"entries>entry"`
	ProfileTypes []xIDName `xml:"profileTypes>profileType"`
	// names are the names of every element of the file that has an id
	// and a name (categories, wherever the schema version puts them), by
	// id, for the links that give only a target id.
	names map[string]string
}

type xIDName struct {
	ID   string `xml:"id,attr"`
	Name string `xml:"name,attr"`
}

type xCatLink struct {
	TargetID string `xml:"targetId,attr"`
	Name     string `xml:"name,attr"`
}

type xForce struct {
	ID            string   `xml:"id,attr"`
	Name          string   `xml:"name,attr"`
	CatalogueName string   `xml:"catalogueName,attr"`
	Selections    []xEntry `xml:"selections>selection"`
	Forces        []xForce `xml:"forces>force"`
}

type xEntry struct {
	ID          string        `xml:"id,attr"`
	Name        string        `xml:"name,attr"`
	Type        string        `xml:"type,attr"`
	SubType     string        `xml:"subType,attr"` // "mount" or "crew" (New Recruit's data: The Old World)
	Hidden      string        `xml:"hidden,attr"`
	TargetID    string        `xml:"targetId,attr"`
	EntryID     string        `xml:"entryId,attr"`
	Page        string        `xml:"page,attr"`
	Number      string        `xml:"number,attr"`
	Default     string        `xml:"defaultSelectionEntryId,attr"`
	Modifiers   []xModifier   `xml:"modifiers>modifier"`
	Constraints []xConstraint `xml:"constraints>constraint"`
	Profiles    []xProfile    `xml:"profiles>profile"`
	Rules       []xRule       `xml:"rules>rule"`
	InfoLinks   []xInfoLink   `xml:"infoLinks>infoLink"`
	InfoGroups  []xInfoGroup  `xml:"infoGroups>infoGroup"`
	CatLinks    []xNamed      `xml:"categoryLinks>categoryLink"`
	Categories  []xNamed      `xml:"categories>category"`
	Entries     []xEntry      `xml:"selectionEntries>selectionEntry"`
	Groups      []xEntry      `xml:"selectionEntryGroups>selectionEntryGroup"`
	Links       []xEntry      `xml:"entryLinks>entryLink"`
	Selections  []xEntry      `xml:"selections>selection"`
	Costs       []xCost       `xml:"costs>cost"`
}

type xInfoGroup struct {
	ID        string      `xml:"id,attr"`
	Profiles  []xProfile  `xml:"profiles>profile"`
	Rules     []xRule     `xml:"rules>rule"`
	InfoLinks []xInfoLink `xml:"infoLinks>infoLink"`
}

type xNamed struct {
	Name     string `xml:"name,attr"`
	TargetID string `xml:"targetId,attr"`
	Primary  string `xml:"primary,attr"`
}

type xInfoLink struct {
	ID        string      `xml:"id,attr"`
	Name      string      `xml:"name,attr"`
	Type      string      `xml:"type,attr"`
	TargetID  string      `xml:"targetId,attr"`
	Hidden    string      `xml:"hidden,attr"`
	Modifiers []xModifier `xml:"modifiers>modifier"`
}

type xProfile struct {
	ID        string      `xml:"id,attr"`
	Name      string      `xml:"name,attr"`
	TypeName  string      `xml:"typeName,attr"`
	TypeID    string      `xml:"profileTypeId,attr"` // BattleScribe 2.01, which names no type
	Hidden    string      `xml:"hidden,attr"`
	Modifiers []xModifier `xml:"modifiers>modifier"`
	Values    []xValue    `xml:"characteristics>characteristic"`
}

type xValue struct {
	Name   string `xml:"name,attr"`
	TypeID string `xml:"typeId,attr"`
	Text   string `xml:",chardata"`
	// BattleScribe 2.01 writes the type id and the value as attributes.
	OldTypeID string `xml:"characteristicTypeId,attr"`
	Value     string `xml:"value,attr"`
}

type xRule struct {
	ID     string `xml:"id,attr"`
	Name   string `xml:"name,attr"`
	Hidden string `xml:"hidden,attr"`
}

type xCost struct {
	Name      string `xml:"name,attr"`
	TypeID    string `xml:"typeId,attr"`
	OldTypeID string `xml:"costTypeId,attr"` // BattleScribe 2.01
	Value     string `xml:"value,attr"`
}

type xConstraint struct {
	Field string `xml:"field,attr"`
	Scope string `xml:"scope,attr"`
	Value string `xml:"value,attr"`
	Type  string `xml:"type,attr"`
}

type xModifier struct {
	Type       string     `xml:"type,attr"`
	Field      string     `xml:"field,attr"`
	Value      string     `xml:"value,attr"`
	Conditions []xAny     `xml:"conditions>condition"`
	Groups     []xAny     `xml:"conditionGroups>conditionGroup"`
	Repeats    []xRepeats `xml:"repeats>repeat"`
}

type xAny struct{}

type xRepeats struct {
	ChildID string `xml:"childId,attr"`
	Value   string `xml:"value,attr"`
	Repeats string `xml:"repeats,attr"`
}
